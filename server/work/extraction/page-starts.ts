/**
 * Where each page of the pupil's file starts in the extracted text. The engines say how
 * many letters and digits each page holds; the text itself is then reflowed (lines joined,
 * hyphens mended) and tidied (spaces, line ends), which moves offsets but never adds or
 * drops a letter. Counting letters in the final text therefore finds each page's first one.
 */

const LETTER = /[\p{L}\p{N}]/gu;

/** Letters and digits in `text` as the tidied text will count them (composed, NFC). */
export function countLetters(text: string): number {
  let count = 0;
  for (const _ of text.normalize('NFC').matchAll(LETTER)) count += 1;
  return count;
}

const opensWord = (text: string, at: number) => at === 0 || /\s/u.test(text[at - 1]!);

/**
 * Offsets in `text` of each page's start, the first 0; a page without letters starts where
 * the next one does. A page whose first letter follows a quote mark or bracket starts at
 * the mark; one that begins inside a word (mended across the break) is left there, and the
 * pages (records/documents/pages.ts) keep that word whole on the page it began on.
 */
export function pageStartsOf(text: string, pageLetters: readonly number[]): number[] {
  const starts = [0];
  if (pageLetters.length <= 1) return starts;
  let seen = 0;
  let boundary = pageLetters[0]!;
  for (const letter of text.matchAll(LETTER)) {
    while (starts.length < pageLetters.length && seen === boundary) {
      starts.push(wordStartBefore(text, letter.index));
      boundary += pageLetters[starts.length - 1]!;
    }
    if (starts.length === pageLetters.length) break;
    seen += 1;
  }
  while (starts.length < pageLetters.length) starts.push(text.length);
  return starts;
}

/** Back over punctuation that opens the word ('"', '(') to the word's start, if it is one. */
function wordStartBefore(text: string, at: number): number {
  let start = at;
  while (start > 0 && /[^\s\p{L}\p{N}]/u.test(text[start - 1]!)) start -= 1;
  return opensWord(text, start) ? start : at;
}
