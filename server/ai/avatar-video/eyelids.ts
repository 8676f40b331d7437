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

/** An eye in its own coordinates: u along it, left to right in the image; v down across it. */
type Eye = {
  centre: Point;
  right: Point;
  down: Point;
  upper: Curve;
  lower: Curve;
  /** Corner to corner. */
  width: number;
  /** Upper lid to lower, across the middle. */
  opening: number;
};

function eyeAt(points: Point[], landmarks: readonly number[]): Eye {
  const at = (k: number) => points[landmarks[k] as number] as Point;
  const outer = at(0);
  const inner = at(3);
  const width = Math.hypot(inner.x - outer.x, inner.y - outer.y) || 1;
  const right = { x: (inner.x - outer.x) / width, y: (inner.y - outer.y) / width };
  if (right.x < 0) {
    right.x = -right.x;
    right.y = -right.y;
  }
  const down = { x: -right.y, y: right.x };
  const centre = { x: (outer.x + inner.x) / 2, y: (outer.y + inner.y) / 2 };
  const axes = { centre, right, down };
  const sorted = (indices: number[]) =>
    indices.map((k) => toEye(axes, at(k))).sort((a, b) => a.u - b.u);
  const upper = sorted([0, 1, 2, 3]);
  const lower = sorted([0, 5, 4, 3]);
  const gap = (p: { u: number; v: number } | undefined) => (p ? curveAt(lower, p.u) - p.v : 0);
  return {
    ...axes,
    upper,
    lower,
    width,
    opening: Math.max(1, (gap(upper[1]) + gap(upper[2])) / 2),
  };
}

function toEye(eye: Pick<Eye, 'centre' | 'right' | 'down'>, p: Point) {
  const dx = p.x - eye.centre.x;
  const dy = p.y - eye.centre.y;
  return { u: dx * eye.right.x + dy * eye.right.y, v: dx * eye.down.x + dy * eye.down.y };
}

function toImage(eye: Eye, u: number, v: number): Point {
  return {
    x: eye.centre.x + eye.right.x * u + eye.down.x * v,
    y: eye.centre.y + eye.right.y * u + eye.down.y * v,
  };
}

type Plane = YuvFrame['y'];

/** The plane at a point of the eye, averaged along the eye over `spread` either side. */
function along(plane: Plane, scale: number, eye: Eye, u: number, v: number, spread: number) {
  let sum = 0;
  for (let k = -2; k <= 2; k++) {
    const p = toImage(eye, u + (k * spread) / 2, v);
    sum += sample(plane.data, plane.width, plane.height, p.x * scale - 0.5, p.y * scale - 0.5);
  }
  return sum / 5;
}

/**
 * Closes the eyelids by `amount` (0 open, 1 shut) over each eye in the warped frame: a lid
 * slides down over the eye from above its lashes to an edge that moves from the upper lid
 * line to the lower one. Its skin is the photo's own (colour, light and texture, under
 * glasses as well), with a soft lash line along the edge. The lid reaches a little past the
 * landmarks on every side, as real lids cover the whole eye.
 */
export function paintEyelids(frame: YuvFrame, points: Point[], amount: number): void {
  if (amount <= 0) return;
  for (const landmarks of EYES) paintLid(frame, eyeAt(points, landmarks), amount);
}

function paintLid(frame: YuvFrame, eye: Eye, amount: number): void {
  const { opening } = eye;
  const reach = eye.width * 0.62;
  // The lid starts above the upper lashes and their make-up, so they go down with it rather
  // than stay drawn, and fades in over clean skin, so it joins the photo without a seam.
  const top = (u: number) => curveAt(eye.upper, u) - opening * 0.9;
  const bottom = (u: number) => curveAt(eye.lower, u) + opening * 0.15;
  const lash = Math.max(1.2, opening * 0.2);
  const spread = Math.max(1, opening * 0.4);
  // The lid first passes over the lashes above the eye, so its edge moves faster early on
  // and reaches the middle of the eye when the blink is half done, as a real lid does.
  const travel = amount ** 0.6;
  const lift = skinHeight(frame.y, eye, top, reach, spread);
  const skin = (u: number) => top(u) - lift;
  const gain = lidGain(frame.y, eye, skin, bottom, reach, spread);
  const paint = (plane: Plane, scale: number, isLuma: boolean) => {
    // The lid is drawn from the skin above the eye as it was before this lid covered it.
    const before = { ...plane, data: plane.data.slice() };
    const box = (d: number) => (reach + opening) * d;
    const x0 = Math.max(0, Math.floor((eye.centre.x - box(1)) * scale));
    const x1 = Math.min(plane.width - 1, Math.ceil((eye.centre.x + box(1)) * scale));
    const y0 = Math.max(0, Math.floor((eye.centre.y - box(0.6) - opening) * scale));
    const y1 = Math.min(plane.height - 1, Math.ceil((eye.centre.y + box(0.6) + opening) * scale));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const p = toEye(eye, { x: (x + 0.5) / scale, y: (y + 0.5) / scale });
        const across = Math.abs(p.u) / reach;
        if (across >= 1) continue;
        const t = top(p.u);
        const edge = t + travel * (bottom(p.u) - t);
        if (p.v < t || p.v > edge + 1) continue;
        // The skin, drawn down a little as the lid is long, so it keeps some of its grain.
        const from = skin(p.u) - (Math.min(p.v, edge) - t) * 0.1;
        let value = along(before, scale, eye, p.u, from, spread);
        // Shade darkens colour too, less than light, or the lid turns grey.
        const shade = lidShade(p.v, t, edge, across, amount, gain, lash);
        value = isLuma ? value * shade : 128 + (value - 128) * Math.sqrt(shade);
        const fade =
          Math.min(1, (1 - across) / 0.25) *
          Math.min(1, (p.v - (t - 1)) / Math.max(2, opening * 0.35)) *
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

/**
 * How far above the lid's top its skin is taken from: for each point along the eye, of
 * eight places up to 0.9 of an opening higher, one of the lighter ones, so eyebrow hairs,
 * lashes and dark make-up (darker than skin) are not smeared down the lid in streaks; then
 * the middle of those choices for the whole eye, so the lid has no seams where
 * neighbouring choices differ.
 */
function skinHeight(
  luma: Plane,
  eye: Eye,
  top: (u: number) => number,
  reach: number,
  spread: number,
): number {
  const places = Array.from({ length: 8 }, (_, k) => eye.opening * (0.2 + k * 0.1));
  const chosen: number[] = [];
  for (let c = -8; c <= 8; c++) {
    const u = (c / 8) * reach * 0.8;
    const ranked = places
      .map((above) => ({ above, light: along(luma, 1, eye, u, top(u) - above, spread) }))
      .sort((a, b) => a.light - b.light);
    chosen.push((ranked[5] as { above: number }).above);
  }
  chosen.sort((a, b) => a - b);
  return chosen[Math.floor(chosen.length / 2)] as number;
}

/**
 * The skin above the eye is often the brow bone's highlight; a lid sits lower, in the light
 * of the skin under the eye. The copy is brought to that light, so a shut eye reads as a lid
 * rather than a pale patch (never brighter than the copy, nor more than a tenth darker).
 */
function lidGain(
  luma: Plane,
  eye: Eye,
  skin: (u: number) => number,
  bottom: (u: number) => number,
  reach: number,
  spread: number,
): number {
  const mean = (depth: (u: number) => number) => {
    let sum = 0;
    for (let k = -4; k <= 4; k++) {
      const u = (k / 4) * reach * 0.6;
      sum += along(luma, 1, eye, u, depth(u), spread);
    }
    return sum / 9;
  };
  const copied = mean(skin);
  const underEye = mean((u) => bottom(u) + eye.opening * 0.6);
  if (copied <= 0) return 1;
  return Math.max(0.9, Math.min(1, Math.min(copied, underEye) / copied));
}

/**
 * A lid is round: it leaves the skin above without a seam, takes the lid's light across its
 * middle and turns into shade at the corners and the lash line, where lashes darken its
 * edge in a soft line, more the more it is shut, thinning to the corners.
 */
function lidShade(
  v: number,
  top: number,
  edge: number,
  across: number,
  amount: number,
  gain: number,
  lash: number,
): number {
  const smoothstep = (x: number) => {
    const c = Math.max(0, Math.min(1, x));
    return c * c * (3 - 2 * c);
  };
  const w = Math.max(0, Math.min(1, (v - top) / Math.max(1, edge - top)));
  const body = gain * (1 - 0.06 * across ** 2);
  let shade = (1 + (body - 1) * smoothstep(w / 0.5)) * (1 - 0.12 * w ** 3 * amount);
  if (v > edge - lash) {
    shade *= 1 - 0.6 * amount * smoothstep((v - (edge - lash)) / lash) * (1 - 0.6 * across ** 3);
  }
  return shade;
}
