/*
 * Finding a passage of the extracted text in the pupil's own PDF, and back. The extracted
 * text is reflowed (headers dropped, line-end hyphens mended, columns read in order) and cut
 * into pages of 300 words, so neither its pages nor its offsets are the PDF's. Both sides
 * are compared as their letters and digits alone, lower-cased: that sequence is the same
 * whatever the spacing, hyphenation or punctuation. Used by the server's annotated PDF
 * (exports/pdf-locate.ts) and by the browser's page view (web/features/page-view).
 */

const LETTERS = /[\p{L}\p{N}]/gu;

/** Letters and digits of `text`, lower-cased, each with the offset it came from. */
export function lettersOf(text: string): { letters: string; at: number[] } {
  let letters = '';
  const at: number[] = [];
  for (const match of text.matchAll(LETTERS)) {
    for (const lower of match[0].toLowerCase()) {
      letters += lower;
      at.push(match.index);
    }
  }
  return { letters, at };
}

/** Every start of `needle` in `text`, overlapping ones included. */
export function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  if (!needle) return found;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/**
 * Where `needle` (letters only) is in `target`, given that it starts at `sourcePos` in
 * `source` (the other side's letters). When the passage occurs as often on both sides, its
 * rank picks the occurrence exactly (a teacher may mark one "there" among many); otherwise
 * the occurrence nearest the same relative position wins.
 */
export function matchAcross(
  target: string,
  source: string,
  needle: string,
  sourcePos: number,
): number | null {
  if (!needle) return null;
  const inTarget = occurrences(target, needle);
  if (inTarget.length === 0) return null;
  const inSource = occurrences(source, needle);
  const rank = inSource.indexOf(sourcePos);
  if (rank !== -1 && inSource.length === inTarget.length) return inTarget[rank]!;
  const expected = source.length === 0 ? 0 : (sourcePos / source.length) * target.length;
  return inTarget.reduce((best: number, at: number) =>
    Math.abs(at - expected) < Math.abs(best - expected) ? at : best,
  );
}
