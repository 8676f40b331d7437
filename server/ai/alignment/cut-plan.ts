import type { TimedWord } from '../media-types';

/** What the cleaned recording leaves out of the original, with the words it held. */
export type Cut = {
  /** The stretch of the original recording left out, in milliseconds. */
  startMs: number;
  endMs: number;
  /** The words removed with it, as said and when (empty when only a pause was shortened). */
  words: TimedWord[];
};

/** A pause longer than this reads as a hesitation… */
export const LONG_PAUSE_MS = 800;
/** …and is shortened to this, still a clear pause between sentences. */
export const SHORTENED_PAUSE_MS = 500;

export type SpokenWord = TimedWord & { removed: boolean };

/**
 * Where to cut a recording whose removed words (fillers, false starts, repetitions) and
 * long pauses should go. Around removed words, the pause the teacher made on the longer
 * side of them stays (the pause before an "um" and the one after it become one pause, not
 * two), taken from the silence on each side so that no cut starts inside a kept word. Any
 * pause over LONG_PAUSE_MS, at the ends of the recording too, becomes SHORTENED_PAUSE_MS.
 */
export function planCuts(words: SpokenWord[], durationMs: number): Cut[] {
  const cuts: Cut[] = [];
  let keptEnd = 0;
  for (let i = 0; i <= words.length; ) {
    const word = words[i];
    if (word && !word.removed) {
      shortenPause(cuts, keptEnd, word.startMs);
      keptEnd = Math.max(keptEnd, word.endMs);
      i++;
      continue;
    }
    if (!word) {
      shortenPause(cuts, keptEnd, durationMs);
      break;
    }
    let last = i;
    while (words[last + 1]?.removed) last++;
    const nextStart = words[last + 1]?.startMs ?? durationMs;
    const removed = words.slice(i, last + 1);
    const before = Math.max(0, word.startMs - keptEnd);
    const after = Math.max(0, nextStart - words[last]!.endMs);
    let kept = Math.max(before, after);
    if (kept > LONG_PAUSE_MS) kept = SHORTENED_PAUSE_MS;
    let keepBefore = Math.min(before, kept / 2);
    let keepAfter = kept - keepBefore;
    if (keepAfter > after) {
      keepAfter = after;
      keepBefore = kept - keepAfter;
    }
    const startMs = keptEnd + keepBefore;
    const endMs = nextStart - keepAfter;
    if (endMs > startMs) cuts.push({ startMs, endMs, words: removed });
    keptEnd = Math.max(keptEnd, endMs);
    i = last + 1;
  }
  return cuts;
}

function shortenPause(cuts: Cut[], from: number, to: number): void {
  if (to - from <= LONG_PAUSE_MS) return;
  cuts.push({
    startMs: from + SHORTENED_PAUSE_MS / 2,
    endMs: to - SHORTENED_PAUSE_MS / 2,
    words: [],
  });
}

/**
 * Every word takes all its sound: an edge the alignment placed short of where the word's
 * sound stops (a final "d", or the tail of an "er", given to the pause after it) moves out
 * through the sounding 10 ms frames (`sound`, 1 = sound), up to its neighbours. Cutting a
 * pause or a filler then never clips a kept word, and a cut filler leaves no tail behind.
 * Where a removed and a kept word touch, both may claim the frames between them; the cut
 * stops at the kept word's start, so the kept word wins.
 */
export function keepWholeWords(words: SpokenWord[], sound: Uint8Array): SpokenWord[] {
  const frameMs = 10;
  return words.map((word, i) => {
    const floor = words[i - 1]?.endMs ?? 0;
    const ceiling = words[i + 1]?.startMs ?? sound.length * frameMs;
    let start = word.startMs;
    while (start - frameMs >= floor && sound[Math.floor((start - frameMs) / frameMs)])
      start -= frameMs;
    let end = word.endMs;
    while (end + frameMs <= ceiling && sound[Math.floor(end / frameMs)]) end += frameMs;
    return { ...word, startMs: start, endMs: end };
  });
}

/** Where a moment of the original recording falls in the cleaned one (a cut moment: where the cut was). */
export function cleanedTime(ms: number, cuts: Cut[]): number {
  let removed = 0;
  for (const cut of cuts) {
    if (ms <= cut.startMs) break;
    removed += Math.min(ms, cut.endMs) - cut.startMs;
  }
  return ms - removed;
}
