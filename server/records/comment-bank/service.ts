import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { MAX_BANK_COMMENTS } from '../../../contract/marking';
import type { Database, Transaction } from '../../db/client';
import { teachers } from '../../db/schema';
import { isUniqueViolation } from '../../platform/db-errors';
import { badRequest, notFound } from '../../platform/errors';
import { bankComments } from './tables';

export type BankCommentRow = typeof bankComments.$inferSelect;

export const BANK_COMMENT_NOT_FOUND = 'Comment not found';
const ALREADY_IN_BANK = 'This comment is already in your comment bank';
const BANK_FULL = `Your comment bank is full: it holds ${MAX_BANK_COMMENTS} comments. Delete some you no longer use, then save this one again.`;

/** LIKE's own characters in a search word are meant literally. */
const literal = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The teacher's comments that contain every word of `query` (any order, any case), most
 * used first, then most recently used, then newest: the ones a teacher reaches for first.
 */
export async function listBankComments(db: Database, teacherId: number, query = '') {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 10);
  return db
    .select()
    .from(bankComments)
    .where(
      and(
        eq(bankComments.teacherId, teacherId),
        ...words.map((word) => ilike(bankComments.text, `%${literal(word)}%`)),
      ),
    )
    .orderBy(
      desc(bankComments.uses),
      sql`${bankComments.lastUsedAt} desc nulls last`,
      desc(bankComments.id),
    );
}

/**
 * Keeps a comment in the bank. Saving one already there answers the one there (a second
 * press of "Save to comment bank" is not an error); a full bank is refused with a message.
 * The teacher's row is locked while counting, so two saves at once cannot both take the
 * last place.
 */
export async function saveBankComment(db: Database, teacherId: number, text: string) {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: teachers.id })
      .from(teachers)
      .where(eq(teachers.id, teacherId))
      .for('update');
    const [existing] = await tx
      .select()
      .from(bankComments)
      .where(and(eq(bankComments.teacherId, teacherId), sameText(text)));
    if (existing) return existing;
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(bankComments)
      .where(eq(bankComments.teacherId, teacherId));
    if (count >= MAX_BANK_COMMENTS) throw badRequest(BANK_FULL, 'comment_bank_full');
    const [created] = await tx.insert(bankComments).values({ teacherId, text }).returning();
    return created!;
  });
}

// Through the unique index's own expression, so the lookup uses it.
const sameText = (text: string) => sql`md5(${bankComments.text}) = md5(${text})`;

export async function updateBankComment(db: Database, teacherId: number, id: number, text: string) {
  try {
    const [updated] = await db
      .update(bankComments)
      .set({ text })
      .where(and(eq(bankComments.id, id), eq(bankComments.teacherId, teacherId)))
      .returning();
    if (!updated) throw notFound(BANK_COMMENT_NOT_FOUND);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(ALREADY_IN_BANK, 'comment_already_in_bank');
    throw error;
  }
}

export async function deleteBankComment(db: Database, teacherId: number, id: number) {
  const [removed] = await db
    .delete(bankComments)
    .where(and(eq(bankComments.id, id), eq(bankComments.teacherId, teacherId)))
    .returning({ id: bankComments.id });
  if (!removed) throw notFound(BANK_COMMENT_NOT_FOUND);
}

/**
 * Counts the bank's comments a saved feedback item used, in the item's own transaction.
 * Ids that are not the teacher's (deleted meanwhile, or never theirs) change nothing.
 */
export async function recordBankCommentUses(
  tx: Database | Transaction,
  teacherId: number,
  ids: readonly number[],
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await tx
    .update(bankComments)
    .set({ uses: sql`${bankComments.uses} + 1`, lastUsedAt: new Date() })
    .where(and(eq(bankComments.teacherId, teacherId), inArray(bankComments.id, unique)));
}
