import type { BankComment } from '../../../contract/marking';
import type { BankCommentRow } from './service';

export function presentBankComment(row: BankCommentRow): BankComment {
  return {
    id: row.id,
    text: row.text,
    uses: row.uses,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
