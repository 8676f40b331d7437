import { type Frames, MEL_BANDS } from './mfcc';

/** c1..c12: c0 is overall loudness, which says more about the microphone than the sound. */
export const CEPSTRA = 12;
/** The cepstra, the frame's level, and the deltas of both. */
export const STATIC = CEPSTRA + 1;
export const DIMS = STATIC * 2;
/** Deltas say how the sound moves; they count half as much as where it is. */
const DELTA_WEIGHT = 0.5;
const DELTA_REACH = 2;
/** Level is counted in steps of this many dB, from the loud frames down to the noise. */
const LEVEL_STEP_DB = 10;
const LOWEST_LEVEL_STEPS = -4;
/** No band is taken to be quieter than this far under the loud frames (digital silence). */
const DEEPEST_DB = 60;

const DCT = Float64Array.from({ length: CEPSTRA * MEL_BANDS }, (_, index) => {
  const k = Math.floor(index / MEL_BANDS) + 1;
  const m = index % MEL_BANDS;
  return Math.cos((Math.PI * k * (m + 0.5)) / MEL_BANDS);
});

function percentile(values: Float64Array | Float32Array, share: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

function framePowers(frames: Frames): Float64Array {
  const powers = new Float64Array(frames.count);
  for (let f = 0; f < frames.count; f++)
    for (let m = 0; m < MEL_BANDS; m++) powers[f]! += frames.mel[f * MEL_BANDS + m]!;
  return powers;
}

/**
 * Features for aligning a recording to a synthesized reference, comparable across voices,
 * microphones and rooms:
 * - the reference is brought to the recording's loudness, and the recording's own noise
 *   (each band's quiet level) is laid under both, so that a noisy classroom and the
 *   synthesizer's clean silence look alike and only the speech differs;
 * - MFCCs c1..c12 of each are centred and scaled over their sounding frames, so a
 *   voice's overall timbre cancels out;
 * - the frame's level under the loud frames tells a pause from a sound the cepstra alone
 *   would confuse with it;
 * - deltas (a ±2-frame regression slope) follow the transitions between sounds.
 */
export function alignmentFeatures(
  recording: { frames: Frames; sound: Uint8Array; quiet: (frame: number) => boolean },
  reference: { frames: Frames; sound: Uint8Array },
): { recording: Float32Array; reference: Float32Array } {
  const recPowers = framePowers(recording.frames);
  const refPowers = framePowers(reference.frames);
  const loud = percentile(recPowers, 0.95) || 1e-9;
  const gain = loud / (percentile(refPowers, 0.95) || 1e-9);
  const noise = roomNoise(recording.frames, recording.quiet);
  for (let m = 0; m < MEL_BANDS; m++)
    noise[m] = Math.max(noise[m]!, (loud / MEL_BANDS) * 10 ** (-DEEPEST_DB / 10));
  return {
    recording: featuresOf(recording.frames, recording.sound, 1, noise, loud),
    reference: featuresOf(reference.frames, reference.sound, gain, noise, loud),
  };
}

/** Fewer quiet frames than this (continuous speech) and the noise is each band's quietest. */
const FEWEST_QUIET_FRAMES = 10;

/**
 * What the room sounds like in each band: the mean over the recording's quiet frames
 * (its hum, its hiss and the tail of its echo as they are between words), or each band's
 * 5th percentile when the recording hardly pauses.
 */
function roomNoise(frames: Frames, quiet: (frame: number) => boolean): Float64Array {
  const noise = new Float64Array(MEL_BANDS);
  let count = 0;
  for (let f = 0; f < frames.count; f++) {
    if (!quiet(f)) continue;
    count++;
    for (let m = 0; m < MEL_BANDS; m++) noise[m]! += frames.mel[f * MEL_BANDS + m]!;
  }
  if (count >= FEWEST_QUIET_FRAMES) return noise.map((sum) => sum / count);
  const band = new Float64Array(frames.count);
  for (let m = 0; m < MEL_BANDS; m++) {
    for (let f = 0; f < frames.count; f++) band[f] = frames.mel[f * MEL_BANDS + m]!;
    noise[m] = percentile(band, 0.05);
  }
  return noise;
}

function featuresOf(
  frames: Frames,
  sound: Uint8Array,
  gain: number,
  noise: Float64Array,
  loud: number,
): Float32Array {
  const { count } = frames;
  const statics = new Float64Array(count * STATIC);
  const logMel = new Float64Array(MEL_BANDS);
  for (let f = 0; f < count; f++) {
    let power = 0;
    for (let m = 0; m < MEL_BANDS; m++) {
      const value = frames.mel[f * MEL_BANDS + m]! * gain + noise[m]!;
      power += value;
      logMel[m] = Math.log(value);
    }
    for (let k = 0; k < CEPSTRA; k++) {
      let sum = 0;
      for (let m = 0; m < MEL_BANDS; m++) sum += DCT[k * MEL_BANDS + m]! * logMel[m]!;
      statics[f * STATIC + k] = sum;
    }
    const steps = (10 * Math.log10(power / loud)) / LEVEL_STEP_DB;
    statics[f * STATIC + CEPSTRA] = Math.min(0.5, Math.max(LOWEST_LEVEL_STEPS, steps));
  }
  normaliseCepstra(statics, count, sound);
  return withDeltas(statics, count);
}

/** Centres and scales each cepstrum over the sounding frames (all frames if none sound). */
function normaliseCepstra(statics: Float64Array, count: number, sound: Uint8Array): void {
  let used = 0;
  for (let f = 0; f < count; f++) if (sound[f]) used++;
  const counts = (f: number) => used === 0 || sound[f] === 1;
  const n = Math.max(1, used || count);
  for (let k = 0; k < CEPSTRA; k++) {
    let mean = 0;
    for (let f = 0; f < count; f++) if (counts(f)) mean += statics[f * STATIC + k]!;
    mean /= n;
    let spread = 0;
    for (let f = 0; f < count; f++) if (counts(f)) spread += (statics[f * STATIC + k]! - mean) ** 2;
    spread = Math.sqrt(spread / n) || 1;
    for (let f = 0; f < count; f++)
      statics[f * STATIC + k] = (statics[f * STATIC + k]! - mean) / spread;
  }
}

export function withDeltas(statics: Float64Array, count: number): Float32Array {
  const out = new Float32Array(count * DIMS);
  let denominator = 0;
  for (let d = 1; d <= DELTA_REACH; d++) denominator += 2 * d * d;
  for (let f = 0; f < count; f++) {
    for (let k = 0; k < STATIC; k++) {
      out[f * DIMS + k] = statics[f * STATIC + k]!;
      let slope = 0;
      for (let d = 1; d <= DELTA_REACH; d++) {
        const ahead = statics[Math.min(count - 1, f + d) * STATIC + k]!;
        const behind = statics[Math.max(0, f - d) * STATIC + k]!;
        slope += d * (ahead - behind);
      }
      out[f * DIMS + STATIC + k] = (DELTA_WEIGHT * slope) / denominator;
    }
  }
  return out;
}

/** Euclidean distance between frame a of `x` and frame b of `y`. */
export function frameDistance(x: Float32Array, a: number, y: Float32Array, b: number): number {
  let sum = 0;
  const ia = a * DIMS;
  const ib = b * DIMS;
  for (let k = 0; k < DIMS; k++) {
    const diff = x[ia + k]! - y[ib + k]!;
    sum += diff * diff;
  }
  return Math.sqrt(sum);
}
