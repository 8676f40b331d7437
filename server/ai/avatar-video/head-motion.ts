/** A small deterministic generator, so the same input renders the same blinks. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How shut the eyes are over one blink at 25 fps: down fast, held, up slower (~200 ms). */
const BLINK_PROFILE = [0.55, 1, 1, 0.5, 0.15];

/** Eyelid closure 0..1 for every frame: a blink every 3 to 6 seconds, the same each time. */
export function blinkTrack(frameCount: number, fps: number): Float32Array {
  const next = random(7);
  const closure = new Float32Array(frameCount);
  let at = Math.round((1.5 + next() * 2) * fps);
  while (at < frameCount) {
    for (const [i, amount] of BLINK_PROFILE.entries()) {
      if (at + i < frameCount) closure[at + i] = amount;
    }
    at += Math.round((3 + next() * 3) * fps);
  }
  return closure;
}

export type HeadPose = { tilt: number; nod: number; sway: number };

/**
 * Small head movements about the neck: slow tilts (about ±2°), nods and sways made of
 * sines with periods that never line up, so the motion does not visibly repeat. While the
 * teacher speaks (loudness over the last second) they are larger, and each loud onset
 * adds a small nod, as speakers nod on stressed words.
 */
export function headTrack(frameCount: number, fps: number, loudness: number[]): HeadPose[] {
  const poses: HeadPose[] = [];
  let activity = 0;
  let previous = 0;
  let nodKick = 0;
  for (let f = 0; f < frameCount; f++) {
    const t = f / fps;
    const loud = loudness[f] ?? 0;
    activity += (loud - activity) * (1 / fps / 1.0);
    if (loud - previous > 0.35) nodKick = Math.min(1, nodKick + 0.6);
    nodKick *= 0.88;
    previous = loud;
    const scale = 0.55 + 0.9 * Math.min(1, activity * 2);
    poses.push({
      tilt:
        scale *
        (0.022 * Math.sin((2 * Math.PI * t) / 6.3) + 0.01 * Math.sin((2 * Math.PI * t) / 2.7 + 1)),
      nod:
        scale *
          (0.02 * Math.sin((2 * Math.PI * t) / 4.1 + 0.5) +
            0.008 * Math.sin((2 * Math.PI * t) / 1.9)) +
        0.02 * nodKick,
      sway: scale * 0.02 * Math.sin((2 * Math.PI * t) / 7.7 + 2),
    });
  }
  return poses;
}
