import { wordKey } from '../avatar-video';

/** A word of a transcript as written, where it stands in the text, and what it is matched on. */
export type TranscriptWord = {
  text: string;
  /** Character offsets in the transcript: text = transcript.slice(start, end). */
  start: number;
  end: number;
  /** Lower case, letters and digits only ("Amelia's" → "amelias"). */
  key: string;
};

/** Letters and digits joined by apostrophes, inner hyphens or a decimal point between digits. */
const WORD = /[\p{L}\p{M}\p{N}]+(?:(?:['’-]|(?<=\p{N})[.,:](?=\p{N}))[\p{L}\p{M}\p{N}]+)*/gu;

/** The words of a transcript in order; punctuation and symbols are not words. */
export function transcriptWords(transcript: string): TranscriptWord[] {
  return [...transcript.matchAll(WORD)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
    key: wordKey(match[0]),
  }));
}

/**
 * Pairs the words of two texts in order by the longest common subsequence of their keys:
 * `pairs[i]` is the index in `b` of the word matched to `a[i]`, or −1. Quadratic in
 * the number of words, so it is only run on a transcript (a few hundred words at most).
 */
export function matchWordKeys(a: string[], b: string[]): Int32Array {
  const cols = b.length + 1;
  const lcs = new Uint16Array((a.length + 1) * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * cols + j] =
        a[i] && a[i] === b[j]
          ? lcs[(i + 1) * cols + j + 1]! + 1
          : Math.max(lcs[(i + 1) * cols + j]!, lcs[i * cols + j + 1]!);
    }
  }
  const pairs = new Int32Array(a.length).fill(-1);
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] && a[i] === b[j]) pairs[i++] = j++;
    else if (lcs[(i + 1) * cols + j]! >= lcs[i * cols + j + 1]!) i++;
    else j++;
  }
  return pairs;
}
