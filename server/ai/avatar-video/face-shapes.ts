import type { Point } from '../media-types';
import { ADDED, type FaceMesh } from './face-mesh';

/**
 * A mouth shape, each part 0..1 unless said: how far the jaw drops, how far the upper lip
 * lifts off the teeth, the lips spread (+1) or rounded and pushed forward (-1), pressed
 * together, the lower lip tucked up under the upper teeth (f, v), and how much of the
 * lower teeth shows.
 */
export type MouthShape = {
  jaw: number;
  lift: number;
  spread: number;
  press: number;
  tuck: number;
  lowerTeeth: number;
};

/** Everything that moves in one frame: the mouth, the eyelids and the head. */
export type FacePose = {
  mouth: MouthShape;
  /** 0 open, 1 shut (the lids are painted over the warped frame, see eyelids.ts). */
  blink: number;
  /** Radians, about the neck (positive turns the top of the head to the image's right). */
  tilt: number;
  /** Nod and sway: the head's shift down and right, in interocular distances. */
  nod: number;
  sway: number;
};

export const CLOSED_MOUTH: MouthShape = {
  jaw: 0,
  lift: 0,
  spread: 0,
  press: 0,
  tuck: 0,
  lowerTeeth: 0,
};

/*
 * How much each landmark follows a movement, by its index in the 68-point layout. The
 * jaw carries the chin, the lower lip and, less, the mouth corners and cheeks.
 */
const JAW_FOLLOW: Record<number, number> = {
  2: 0.05,
  3: 0.15,
  4: 0.35,
  5: 0.6,
  6: 0.8,
  7: 0.95,
  8: 1,
  9: 0.95,
  10: 0.8,
  11: 0.6,
  12: 0.35,
  13: 0.15,
  14: 0.05,
  48: 0.35,
  54: 0.35,
  60: 0.35,
  64: 0.35,
  55: 0.82,
  56: 0.97,
  57: 1,
  58: 0.97,
  59: 0.82,
  65: 0.95,
  66: 1,
  67: 0.95,
};
const UPPER_LIP_OUTER: Record<number, number> = { 49: 0.5, 50: 0.85, 51: 1, 52: 0.85, 53: 0.5 };
const UPPER_LIP_INNER: Record<number, number> = { 61: 0.8, 62: 1, 63: 0.8 };
const LOWER_LIP_OUTER: Record<number, number> = { 55: 0.7, 56: 0.92, 57: 1, 58: 0.92, 59: 0.7 };
const LOWER_LIP_INNER: Record<number, number> = { 65: 0.85, 66: 1, 67: 0.85 };
/** Sideways: +1 for points on the right half of the mouth, -1 on the left, by reach. */
const SIDEWAYS: Record<number, number> = {
  48: -1,
  60: -1,
  54: 1,
  64: 1,
  49: -0.45,
  59: -0.45,
  61: -0.5,
  67: -0.5,
  53: 0.45,
  55: 0.45,
  63: 0.5,
  65: 0.5,
  50: -0.2,
  58: -0.2,
  52: 0.2,
  56: 0.2,
};
/** Inner lip pairs facing each other across the mouth (upper, lower). */
const LIP_PAIRS = [
  [61, 67],
  [62, 66],
  [63, 65],
] as const;
/** Mesh indices of the points added under the chin and on the cheeks (see face-mesh). */
const CHEEK_FOLLOW: Record<number, number> = {
  [ADDED.cheeks]: 0.05,
  [ADDED.cheeks + 1]: 0.05,
  [ADDED.cheeks + 2]: 0.3,
  [ADDED.cheeks + 3]: 0.3,
};
const UNDER_CHIN = [0, 1, 2, 3, 4].map((k) => ADDED.underChin + k);

const JAW_DROP = 0.36;
const LIP_LIFT = 0.07;
const SPREAD_REACH = 0.08;
const ROUND_REACH = 0.15;

const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y;
const move = (p: Point, dir: Point, amount: number) => {
  p.x += dir.x * amount;
  p.y += dir.y * amount;
};

/**
 * The face at rest: the photo's own mouth closed (a smile that shows teeth has its lips
 * brought together and its jaw raised by the gap), everything else as photographed.
 */
export function restPoints(mesh: FaceMesh): Point[] {
  const points = mesh.points.map((p) => ({ ...p }));
  const { down } = mesh.axes;
  const gaps = LIP_PAIRS.map(([upper, lower]) =>
    Math.max(
      0,
      dot(
        {
          x: (points[lower] as Point).x - (points[upper] as Point).x,
          y: (points[lower] as Point).y - (points[upper] as Point).y,
        },
        down,
      ),
    ),
  );
  const gap = Math.max(...gaps);
  if (gap <= 0) return points;
  for (const [i, [upper, lower]] of LIP_PAIRS.entries()) {
    const g = gaps[i] as number;
    move(points[upper] as Point, down, g * 0.4);
    move(points[lower] as Point, down, -g * 0.6);
  }
  for (const [i, w] of Object.entries(LOWER_LIP_OUTER))
    move(points[Number(i)] as Point, down, -gap * 0.6 * w);
  for (const i of [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
    move(points[i] as Point, down, -gap * 0.5 * (JAW_FOLLOW[i] ?? 0));
  return points;
}

/** The mesh's target positions for one pose, starting from the face at rest. */
export function posePoints(mesh: FaceMesh, rest: Point[], pose: FacePose): Point[] {
  const points = rest.map((p) => ({ ...p }));
  const { down, right, interocular: e } = mesh.axes;
  const m = pose.mouth;
  const at = (i: number) => points[i] as Point;

  const drop = m.jaw * JAW_DROP * e;
  for (const [i, w] of Object.entries(JAW_FOLLOW)) move(at(Number(i)), down, drop * w);
  for (const [i, w] of Object.entries(CHEEK_FOLLOW)) move(at(Number(i)), down, drop * w);
  for (const i of UNDER_CHIN) move(at(i), down, drop * 0.3);

  const lift = m.lift * LIP_LIFT * e;
  for (const [i, w] of Object.entries(UPPER_LIP_OUTER)) move(at(Number(i)), down, -lift * w * 0.6);
  for (const [i, w] of Object.entries(UPPER_LIP_INNER)) move(at(Number(i)), down, -lift * w);

  const reach = m.spread >= 0 ? m.spread * SPREAD_REACH * e : m.spread * ROUND_REACH * e;
  for (const [i, w] of Object.entries(SIDEWAYS)) move(at(Number(i)), right, reach * w);
  if (m.spread < 0) {
    // Rounded lips push forward and look fuller, and the opening narrows more than the lips.
    const fuller = -m.spread * 0.03 * e;
    for (const [i, w] of Object.entries(UPPER_LIP_OUTER)) move(at(Number(i)), down, -fuller * w);
    for (const [i, w] of Object.entries(LOWER_LIP_OUTER)) move(at(Number(i)), down, fuller * w);
    for (const [i, s] of [
      [61, 1],
      [67, 1],
      [63, -1],
      [65, -1],
    ] as const)
      move(at(i), right, s * -m.spread * 0.03 * e);
  }

  const press = m.press * 0.025 * e;
  for (const [i, w] of Object.entries(UPPER_LIP_OUTER)) move(at(Number(i)), down, press * w);
  for (const [i, w] of Object.entries(LOWER_LIP_OUTER)) move(at(Number(i)), down, -press * w);

  const tuck = m.tuck * 0.06 * e;
  for (const [i, w] of Object.entries(LOWER_LIP_INNER)) move(at(Number(i)), down, -tuck * w);
  for (const [i, w] of Object.entries(LOWER_LIP_OUTER)) move(at(Number(i)), down, -tuck * w * 0.6);

  // The lips meet but never pass through each other.
  for (const [upper, lower] of LIP_PAIRS) {
    const gap = dot({ x: at(lower).x - at(upper).x, y: at(lower).y - at(upper).y }, down);
    if (gap < 0) {
      move(at(upper), down, gap / 2);
      move(at(lower), down, -gap / 2);
    }
  }

  // The head turns about the neck below the chin; the weights keep the background still.
  const pivot = { x: at(8).x + down.x * 0.8 * e, y: at(8).y + down.y * 0.8 * e };
  const cos = Math.cos(pose.tilt);
  const sin = Math.sin(pose.tilt);
  const shift = {
    x: (down.x * pose.nod + right.x * pose.sway) * e,
    y: (down.y * pose.nod + right.y * pose.sway) * e,
  };
  for (const [i, p] of points.entries()) {
    const w = mesh.headWeight[i] ?? 0;
    if (w === 0) continue;
    const dx = p.x - pivot.x;
    const dy = p.y - pivot.y;
    const rx = pivot.x + dx * cos - dy * sin + shift.x;
    const ry = pivot.y + dx * sin + dy * cos + shift.y;
    p.x += (rx - p.x) * w;
    p.y += (ry - p.y) * w;
  }
  return points;
}
