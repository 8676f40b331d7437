import type { OriginalKind } from '@contract/documents';
import type { PageSource } from '@web/components/page-view';

/** Shown where the Text / Page toggle would be for a Word file (no offline renderer). */
export const WORD_TEXT_ONLY =
  'Word files are shown as text only: their pages cannot be drawn here.';

/** The page view's source for a shared view: its own address, when the file can be drawn. */
export function pageSourceOf(kind: OriginalKind | null, url: string): PageSource | null {
  return kind === 'pdf' || kind === 'image' ? { kind, url } : null;
}
