import type { TimedWord } from '../media-types';

/** A word reduced to what both the caption text and the speech's timings agree on. */
export function wordKey(word: string): string {
  return word.toLocaleLowerCase('en').replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * When each caption word is said: `captionWords` (as written in the captions) is matched
 * in order against the timed words (as the synthesizer or an aligner split them), by the
 * longest common subsequence of their keys. A caption word with no match (a number the
 * synthesizer read as several words, a word the aligner dropped) gets the span between
 * its matched neighbours, shared out evenly, so every word has a time and times never go
 * backwards.
 */
export function timeCaptionWords(
  captionWords: string[],
  timed: TimedWord[],
): Array<{ startMs: number; endMs: number }> {
  const a = captionWords.map(wordKey);
  const b = timed.map((w) => wordKey(w.text));
  const rows = a.length + 1;
  const cols = b.length + 1;
  const lcs = new Uint16Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * cols + j] =
        a[i] && a[i] === b[j]
          ? (lcs[(i + 1) * cols + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * cols + j] ?? 0, lcs[i * cols + j + 1] ?? 0);
    }
  }
  const match = new Array<number>(a.length).fill(-1);
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] && a[i] === b[j]) match[i++] = j++;
    else if ((lcs[(i + 1) * cols + j] ?? 0) >= (lcs[i * cols + j + 1] ?? 0)) i++;
    else j++;
  }
  const result: Array<{ startMs: number; endMs: number }> = [];
  const endOfSpeech = timed.at(-1)?.endMs ?? 0;
  for (let i = 0; i < a.length; ) {
    const matched = timed[match[i] ?? -1];
    if (matched) {
      result.push({ startMs: matched.startMs, endMs: matched.endMs });
      i++;
      continue;
    }
    // A run of unmatched caption words between two matched ones shares the gap.
    let runEnd = i;
    while (runEnd < a.length && (match[runEnd] ?? -1) < 0) runEnd++;
    const before = result.at(-1)?.endMs ?? timed[0]?.startMs ?? 0;
    const afterIndex = match[runEnd];
    const after =
      afterIndex !== undefined && afterIndex >= 0
        ? (timed[afterIndex]?.startMs ?? endOfSpeech)
        : endOfSpeech;
    const step = Math.max(0, after - before) / (runEnd - i);
    for (let k = 0; k < runEnd - i; k++) {
      result.push({ startMs: before + k * step, endMs: before + (k + 1) * step });
    }
    i = runEnd;
  }
  return result;
}
