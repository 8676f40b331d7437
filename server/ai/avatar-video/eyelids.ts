import type { Point } from '../media-types';
import { sample } from './warp';
import type { YuvFrame } from './yuv';

type Curve = Array<{ u: number; v: number }>;

/**
 * v of a curve at u, by a smooth (cubic Hermite) line through its points (u rising): the
 * lid's edge and its lash line follow the eye's round shape instead of bending at the
 * landmarks, which drew a visible "V" at each one. Beyond the ends, the end's v.
 */
export function curveAt(curve: Curve, u: number): number {
  const last = curve.length - 1;
  const first = curve[0];
  if (!first) return 0;
  if (u <= first.u || last === 0) return first.v;
  const end = curve[last] as { u: number; v: number };
  if (u >= end.u) return end.v;
  const slope = (i: number) => {
    const before = curve[Math.max(0, i - 1)] as { u: number; v: number };
    const after = curve[Math.min(last, i + 1)] as { u: number; v: number };
    return after.u === before.u ? 0 : (after.v - before.v) / (after.u - before.u);
  };
  for (let i = 1; i <= last; i++) {
    const a = curve[i - 1] as { u: number; v: number };
    const b = curve[i] as { u: number; v: number };
    if (u > b.u) continue;
    const h = b.u - a.u;
    if (h <= 0) return b.v;
    const t = (u - a.u) / h;
    const t2 = t * t;
    const t3 = t2 * t;
    return (
      (2 * t3 - 3 * t2 + 1) * a.v +
      (t3 - 2 * t2 + t) * h * slope(i - 1) +
      (-2 * t3 + 3 * t2) * b.v +
      (t3 - t2) * h * slope(i)
    );
  }
  return end.v;
}

/** The six landmarks of each eye: outer corner, two upper lid points, inner corner, two lower. */
const EYES = [
  [36, 37, 38, 39, 40, 41],
  [42, 43, 44, 45, 46, 47],
] as const;

/**
 * Closes the eyelids by `amount` (0 open, 1 shut) over each eye in the warped frame: the
 * skin just above the eye slides down over it to a lid edge that moves from the upper lid
 * line to the lower one, drawn from the frame's own pixels (so it has the face's colour,
 * light and texture, under glasses as well), with a soft lash line along the edge. The
 * lid reaches a little past the landmarks on every side, as real lids cover the whole eye.
 */
export function paintEyelids(frame: YuvFrame, points: Point[], amount: number): void {
  if (amount <= 0) return;
  for (const eye of EYES) {
    const at = (k: number) => points[eye[k] as number] as Point;
    const outer = at(0);
    const inner = at(3);
    const width = Math.hypot(inner.x - outer.x, inner.y - outer.y) || 1;
    const right = { x: (inner.x - outer.x) / width, y: (inner.y - outer.y) / width };
    // Left to right in the image, whichever eye this is.
    if (right.x < 0) {
      right.x = -right.x;
      right.y = -right.y;
    }
    const down = { x: -right.y, y: right.x };
    const centre = { x: (outer.x + inner.x) / 2, y: (outer.y + inner.y) / 2 };
    const local = (p: Point) => {
      const dx = p.x - centre.x;
      const dy = p.y - centre.y;
      return { u: dx * right.x + dy * right.y, v: dx * down.x + dy * down.y };
    };
    const sorted = (indices: number[]) =>
      indices.map((k) => local(at(k))).sort((a, b) => a.u - b.u);
    const upper = sorted([0, 1, 2, 3]);
    const lower = sorted([0, 5, 4, 3]);
    const opening = Math.max(
      1,
      (curveAt(lower, upper[1]?.u ?? 0) -
        (upper[1]?.v ?? 0) +
        (curveAt(lower, upper[2]?.u ?? 0) - (upper[2]?.v ?? 0))) /
        2,
    );
    const reach = width * 0.62;
    // The lid starts above the upper lashes, so they go down with it rather than stay drawn.
    const top = (u: number) => curveAt(upper, u) - opening * 0.5;
    // The band above the lid where the photo's own lashes and make-up may still lie.
    const clearOfLashes = opening * 0.2;
    const bottom = (u: number) => curveAt(lower, u) + opening * 0.15;
    const lash = Math.max(1, opening * 0.14);
    const paint = (plane: YuvFrame['y'], scale: number, isLuma: boolean) => {
      const s = scale;
      // The lid is drawn from the skin above the eye as it was before this lid covered it.
      const before = plane.data.slice();
      const x0 = Math.max(0, Math.floor((centre.x - reach - opening) * s));
      const x1 = Math.min(plane.width - 1, Math.ceil((centre.x + reach + opening) * s));
      const y0 = Math.max(0, Math.floor((centre.y - reach * 0.6 - opening) * s));
      const y1 = Math.min(plane.height - 1, Math.ceil((centre.y + reach * 0.6 + opening) * s));
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const p = local({ x: (x + 0.5) / s, y: (y + 0.5) / s });
          const across = Math.abs(p.u) / reach;
          if (across >= 1) continue;
          const t = top(p.u);
          const edge = t + amount * (bottom(p.u) - t);
          if (p.v < t || p.v > edge + 1) continue;
          // The lid: the skin above the eye (clear of the lashes) mirrored down over it,
          // half as tall again, to the moving edge, where a lash line is drawn. At its top
          // it meets the skin it mirrors, so it joins it without a seam.
          const from = t - clearOfLashes - (Math.min(p.v, edge) - t) * 0.35;
          const sx = centre.x + right.x * p.u + down.x * from;
          const sy = centre.y + right.y * p.u + down.y * from;
          let value = sample(before, plane.width, plane.height, sx * s - 0.5, sy * s - 0.5);
          if (isLuma && p.v > edge - lash) {
            // Lashes darken the lid's edge, more the more it is shut.
            value *= 1 - 0.55 * amount * Math.min(1, (p.v - (edge - lash)) / lash);
          }
          const fade =
            Math.min(1, (1 - across) / 0.25) *
            Math.min(1, (p.v - (t - 1)) / Math.max(1.5, opening * 0.3)) *
            Math.min(1, (edge + 1 - p.v) / 1);
          const i = y * plane.width + x;
          const old = plane.data[i] as number;
          plane.data[i] = Math.round(old + (value - old) * Math.max(0, Math.min(1, fade)));
        }
      }
    };
    paint(frame.y, 1, true);
    paint(frame.u, 0.5, false);
    paint(frame.v, 0.5, false);
  }
}
