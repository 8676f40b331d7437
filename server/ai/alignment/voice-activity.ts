/*
 * Which 10 ms frames hold sound and which are pauses, from each frame's level against the
 * recording's own quiet and loud levels: a quiet room, a noisy classroom and digital
 * silence each get a gate that fits them.
 */

/** Frames quieter than this many dB under the loud frames are a pause even in a silent room. */
const MAX_DEPTH_DB = 45;
/** The gate sits this share of the way from the room's noise up to the loud frames… */
const GATE_SHARE = 0.3;
/** …but at least this far above the noise and at most this far (weak consonants are quiet). */
const GATE_ABOVE_NOISE_DB = [6, 15] as const;
/** A lone burst shorter than this (a click, a tap on the desk) is not speech. */
const SHORTEST_SOUND_FRAMES = 3;

function percentile(values: Float32Array, share: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? -120;
}

/** The level in dB at and above which a frame is sound. */
export function soundGateDb(levelDb: Float32Array): number {
  // The quietest few percent are the room: a recording has at least that much pause.
  const floor = percentile(levelDb, 0.03);
  const loud = percentile(levelDb, 0.95);
  const [least, most] = GATE_ABOVE_NOISE_DB;
  const above = Math.min(most, Math.max(least, GATE_SHARE * (loud - floor)));
  return Math.max(loud - MAX_DEPTH_DB, floor + above);
}

/** 1 for a frame of sound, 0 for a pause. */
export function soundFrames(levelDb: Float32Array): Uint8Array {
  const gate = soundGateDb(levelDb);
  const sound = levelDb.map((db) => (db >= gate ? 1 : 0));
  const marks = Uint8Array.from(sound);
  for (let f = 0; f < marks.length; ) {
    if (!marks[f]) {
      f++;
      continue;
    }
    let end = f;
    while (end < marks.length && marks[end]) end++;
    if (end - f < SHORTEST_SOUND_FRAMES) marks.fill(0, f, end);
    f = end;
  }
  return marks;
}

/** Each 10 ms frame's level in dB relative to full scale, from its own samples. */
export function frameLevels(samples: Float32Array, sampleRate: number): Float32Array {
  const hop = sampleRate / 100;
  const count = Math.floor(samples.length / hop);
  const levels = new Float32Array(count);
  for (let f = 0; f < count; f++) {
    let energy = 0;
    const start = Math.round(f * hop);
    const end = Math.round((f + 1) * hop);
    for (let i = start; i < end; i++) energy += samples[i]! * samples[i]!;
    levels[f] = 10 * Math.log10(Math.max(energy / (end - start), 1e-12));
  }
  return levels;
}
