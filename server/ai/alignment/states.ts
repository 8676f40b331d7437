import { DIMS } from './features';

/**
 * The reference as a warp walks it: a gap, the first word's frames, a gap, the next
 * word's frames, …, a gap.
 */
export type States = {
  /** The reference frame a state stands for, or −1 for a gap. */
  frameOf: Int32Array;
  /** The transcript word a state belongs to, or −1 for a gap. */
  wordOf: Int32Array;
};

/**
 * Each word's frames are stretched or squeezed by `pace` (the recording's speaking time
 * over the reference's), so that a path at the teacher's pace runs at one state a frame
 * and anything else is a departure from it that costs.
 */
export function buildStates(framesOfWords: number[][], pace: number): States {
  const frameOf: number[] = [-1];
  const wordOf: number[] = [-1];
  for (const [word, frames] of framesOfWords.entries()) {
    if (frames.length === 0) continue;
    const count = Math.max(1, Math.round(frames.length * pace));
    for (let k = 0; k < count; k++) {
      frameOf.push(frames[Math.min(frames.length - 1, Math.floor(k / pace))]!);
      wordOf.push(word);
    }
    frameOf.push(-1);
    wordOf.push(-1);
  }
  return { frameOf: Int32Array.from(frameOf), wordOf: Int32Array.from(wordOf) };
}

/** States `factor` times coarser: runs of a word's states averaged, gaps kept as they are. */
export type CoarseStates = {
  count: number;
  isGap: Uint8Array;
  /** Mean features of the fine states each coarse state stands for (zeros for a gap). */
  features: Float32Array;
  /** The first and last fine state of each coarse state. */
  firstFine: Int32Array;
  lastFine: Int32Array;
};

export function coarsen(states: States, features: Float32Array, factor: number): CoarseStates {
  const firsts: number[] = [];
  const lasts: number[] = [];
  const total = states.frameOf.length;
  for (let s = 0; s < total; ) {
    let end = s + 1;
    if (states.frameOf[s]! >= 0)
      while (end < total && end - s < factor && states.wordOf[end] === states.wordOf[s]) end++;
    firsts.push(s);
    lasts.push(end - 1);
    s = end;
  }
  const count = firsts.length;
  const isGap = new Uint8Array(count);
  const mean = new Float32Array(count * DIMS);
  for (let c = 0; c < count; c++) {
    if (states.frameOf[firsts[c]!]! < 0) {
      isGap[c] = 1;
      continue;
    }
    const n = lasts[c]! - firsts[c]! + 1;
    for (let s = firsts[c]!; s <= lasts[c]!; s++) {
      const frame = states.frameOf[s]!;
      for (let k = 0; k < DIMS; k++) mean[c * DIMS + k]! += features[frame * DIMS + k]! / n;
    }
  }
  return {
    count,
    isGap,
    features: mean,
    firstFine: Int32Array.from(firsts),
    lastFine: Int32Array.from(lasts),
  };
}

/** Frames `factor` times coarser: the mean of each run of `factor` frames. */
export function coarseFrames(features: Float32Array, count: number, factor: number) {
  const coarseCount = Math.ceil(count / factor);
  const mean = new Float32Array(coarseCount * DIMS);
  for (let c = 0; c < coarseCount; c++) {
    const first = c * factor;
    const last = Math.min(count, first + factor);
    for (let f = first; f < last; f++)
      for (let k = 0; k < DIMS; k++)
        mean[c * DIMS + k]! += features[f * DIMS + k]! / (last - first);
  }
  return { count: coarseCount, features: mean };
}
