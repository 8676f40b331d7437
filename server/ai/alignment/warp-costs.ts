import { DIMS, frameDistance } from './features';

/*
 * Costs are counted in units of a typical matched frame: before the reference is adapted
 * to the voice, about this share of two unrelated frames' distance; after, the mean
 * distance of the frames the previous warp paired.
 */
export const FIRST_MATCH_COST = 0.7;
/**
 * A gap takes a frame at its distance from a pause, but never above this many units: a
 * word that is not in the transcript (an "um", a word the transcript missed) costs that
 * much per frame whatever it sounds like, a little more than a matched frame, so it goes
 * to a gap rather than stretching a word.
 */
const UNMATCHED_SOUND_COST = 1.2;
/**
 * Leaving the pace on a word's frames (staying on a state, skipping one) costs this many
 * units, and a second stay or skip in a row (slower than half or faster than twice the
 * pace) this many more: a word is said at about the pace of its neighbours, so an "um"
 * beside it is not taken for a drawn-out first syllable.
 */
const OFF_PACE_COST = 0.15;
const OFF_PACE_RUN_COST = 0.35;

export type WarpCosts = {
  reference: Float32Array;
  /** A typical matched frame's distance. */
  unit: number;
  /** The median distance between unrelated frames. */
  scale: number;
  /** What giving each recording frame to a gap costs. */
  gapCosts: Float32Array;
  offPaceCost: number;
  offPaceRunCost: number;
};

/** The mean features of the frames `pick` chooses, or null when it chooses none. */
export function meanFeatures(
  features: Float32Array,
  count: number,
  pick: (frame: number) => boolean,
): Float32Array | null {
  const mean = new Float32Array(DIMS);
  let picked = 0;
  for (let f = 0; f < count; f++) {
    if (!pick(f)) continue;
    picked++;
    for (let k = 0; k < DIMS; k++) mean[k]! += features[f * DIMS + k]!;
  }
  if (picked === 0) return null;
  for (let k = 0; k < DIMS; k++) mean[k] = mean[k]! / picked;
  return mean;
}

/** The median distance between a sounding recording frame and a reference frame drawn at random. */
export function unrelatedDistance(
  recording: Float32Array,
  soundFrames: number[],
  reference: Float32Array,
  referenceFrames: number[],
): number {
  let seed = 12_345;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.floor((seed / 2 ** 31) * n);
  };
  const distances: number[] = [];
  for (let k = 0; k < 2000; k++) {
    const a = soundFrames[next(soundFrames.length)]!;
    const b = referenceFrames[next(referenceFrames.length)]!;
    distances.push(frameDistance(recording, a, reference, b));
  }
  distances.sort((x, y) => x - y);
  return distances[distances.length >> 1]! || 1;
}

/**
 * The costs of warping `recording` onto `reference`, with `unit` the typical matched
 * frame's distance (null: estimated from the unrelated distance) and `pause` what a pause
 * looks like in the reference's features.
 */
export function warpCosts(input: {
  recording: Float32Array;
  recordingFrames: number;
  soundFrames: number[];
  reference: Float32Array;
  referenceFrames: number[];
  pause: Float32Array | null;
  unit: number | null;
}): WarpCosts {
  const scale = unrelatedDistance(
    input.recording,
    input.soundFrames,
    input.reference,
    input.referenceFrames,
  );
  const unit = input.unit ?? scale * FIRST_MATCH_COST;
  const gapCosts = new Float32Array(input.recordingFrames);
  for (let f = 0; f < input.recordingFrames; f++)
    gapCosts[f] = Math.min(
      unit * UNMATCHED_SOUND_COST,
      input.pause ? frameDistance(input.recording, f, input.pause, 0) : Number.POSITIVE_INFINITY,
    );
  return {
    reference: input.reference,
    unit,
    scale,
    gapCosts,
    offPaceCost: unit * OFF_PACE_COST,
    offPaceRunCost: unit * OFF_PACE_RUN_COST,
  };
}
