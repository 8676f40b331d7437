import type { Cut } from './cut-plan';

/** Joins are crossfaded over this long, centred on the cut: long enough that no click is heard. */
export const CROSSFADE_MS = 20;

/**
 * The samples without the cut stretches. Each join is an equal-power crossfade (cosine
 * out, sine in: their powers sum to one, so two unrelated sounds keep their loudness
 * through it) over CROSSFADE_MS centred on the cut points, so the result is exactly the
 * kept length. A cut at the very start or end fades in or out instead. The input is not
 * changed.
 */
export function spliceOut(samples: Float32Array, sampleRate: number, cuts: Cut[]): Float32Array {
  const fade = Math.round((sampleRate * CROSSFADE_MS) / 1000);
  const half = fade >> 1;
  const ranges = mergeCloseCuts(cuts, CROSSFADE_MS)
    .map((cut) => [
      Math.max(0, Math.round((cut.startMs / 1000) * sampleRate)),
      Math.min(samples.length, Math.round((cut.endMs / 1000) * sampleRate)),
    ])
    .filter(([start, end]) => end! > start!) as Array<[number, number]>;
  const removed = ranges.reduce((sum, [start, end]) => sum + end - start, 0);
  const out = new Float32Array(samples.length - removed);
  const joins: Array<{ at: number; start: number; end: number }> = [];
  let written = 0;
  let from = 0;
  for (const [start, end] of ranges) {
    out.set(samples.subarray(from, start), written);
    written += start - from;
    from = end;
    if (start > 0 && end < samples.length) joins.push({ at: written, start, end });
  }
  out.set(samples.subarray(from), written);
  for (const { at, start, end } of joins) {
    // The sound before the cut runs on past it, fading out, while the sound after the cut
    // starts early, fading in.
    const span = Math.min(half, start, samples.length - end);
    for (let k = -span; k < span; k++) {
      const angle = ((k + span + 0.5) / (2 * span)) * (Math.PI / 2);
      out[at + k] = samples[start + k]! * Math.cos(angle) + samples[end + k]! * Math.sin(angle);
    }
  }
  fadeEdges(out, ranges, samples.length, fade);
  return out;
}

/** Cuts closer than a crossfade are one cut: a sliver of sound between them would only click. */
export function mergeCloseCuts(cuts: Cut[], closestMs: number): Cut[] {
  const merged: Cut[] = [];
  for (const cut of [...cuts].sort((a, b) => a.startMs - b.startMs)) {
    const last = merged.at(-1);
    if (last && cut.startMs - last.endMs < closestMs) {
      merged[merged.length - 1] = {
        startMs: last.startMs,
        endMs: Math.max(last.endMs, cut.endMs),
        words: [...last.words, ...cut.words],
      };
    } else merged.push(cut);
  }
  return merged;
}

/** A recording cut at its start fades in, one cut at its end fades out. */
function fadeEdges(
  out: Float32Array,
  ranges: Array<[number, number]>,
  length: number,
  fade: number,
): void {
  if (ranges[0]?.[0] === 0)
    for (let k = 0; k < Math.min(fade, out.length); k++)
      out[k] = out[k]! * Math.sin(((k + 0.5) / fade) * (Math.PI / 2));
  if (ranges.at(-1)?.[1] === length)
    for (let k = 0; k < Math.min(fade, out.length); k++)
      out[out.length - 1 - k] =
        out[out.length - 1 - k]! * Math.sin(((k + 0.5) / fade) * (Math.PI / 2));
}
