import type { Point } from '../media-types';
import { meanFace } from './canonical-face';
import { delaunay } from './delaunay';

/**
 * The face's own axes in image pixels: where the eyes are, which way is up, and its
 * scale. Every movement is expressed in these units, so a tilted or small face moves
 * the same way as a large upright one.
 */
export type FaceAxes = {
  /** Midpoint between the eye centres. */
  eyes: Point;
  /** Unit vector from the left to the right eye (image left to right for a frontal face). */
  right: Point;
  /** Unit vector towards the chin. */
  down: Point;
  /** Distance between the eye centres in pixels. */
  interocular: number;
  /** Mouth width (corner to corner) in pixels. */
  mouthWidth: number;
};

export type FaceMesh = {
  /** Mesh vertices in the source image: the 68 landmarks first, then the added points. */
  points: Point[];
  /** How much each vertex follows the head's motion: 1 on the head, 0 on the background. */
  headWeight: Float32Array;
  triangles: Uint16Array;
  axes: FaceAxes;
};

const mean = (points: Point[]): Point => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

export function faceAxes(landmarks: Point[]): FaceAxes {
  const left = mean(landmarks.slice(36, 42));
  const right = mean(landmarks.slice(42, 48));
  const dx = right.x - left.x;
  const dy = right.y - left.y;
  const interocular = Math.hypot(dx, dy) || 1;
  const unit = { x: dx / interocular, y: dy / interocular };
  const corners = [landmarks[48] as Point, landmarks[54] as Point];
  return {
    eyes: { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2 },
    right: unit,
    down: { x: -unit.y, y: unit.x },
    interocular,
    mouthWidth: Math.hypot(
      (corners[1]?.x ?? 0) - (corners[0]?.x ?? 0),
      (corners[1]?.y ?? 0) - (corners[0]?.y ?? 0),
    ),
  };
}

/** A point at (u, v) interocular distances right of and below `from` in the face's axes. */
export function along(axes: FaceAxes, from: Point, u: number, v: number): Point {
  const e = axes.interocular;
  return {
    x: from.x + (axes.right.x * u + axes.down.x * v) * e,
    y: from.y + (axes.right.y * u + axes.down.y * v) * e,
  };
}

/** Where each group of added points starts among the mesh's vertices (after the 68). */
export const ADDED = {
  forehead: 68,
  creases: 74,
  cheeks: 78,
  underChin: 82,
  headRing: 87,
} as const;

const ring = (count: number) => Array.from({ length: count }, (_, i) => (i / count) * 2 * Math.PI);
const HEAD_RING = ring(16);
const FIXED_RING = ring(20);

/**
 * Points added to the 68 landmarks so the whole head can move and the eyelids and jaw
 * stretch the skin around them: the forehead above the brows, an eyelid crease above each
 * upper lid, the cheeks, under the chin, a ring around the head and hair (moves with the
 * head; its lower half, on the neck, only partly) and a wider ring that stays still, so
 * the background between the two rings takes up the motion and the rest never moves.
 */
function addedPoints(lm: Point[], axes: FaceAxes): Array<{ point: Point; weight: number }> {
  const at = (i: number) => lm[i] as Point;
  const mid = (a: Point, b: Point, t = 0.5) => ({
    x: a.x + (b.x - a.x) * t,
    y: a.y + (b.y - a.y) * t,
  });
  const added: Array<{ point: Point; weight: number }> = [];
  for (const i of [17, 19, 21, 22, 24, 26])
    added.push({ point: along(axes, at(i), 0, -0.55), weight: 1 });
  // Creases 40 % of the way from the upper lid to the brow above it.
  for (const [lid, browA, browB] of [
    [37, 18, 19],
    [38, 19, 20],
    [43, 23, 24],
    [44, 24, 25],
  ] as const) {
    added.push({ point: mid(at(lid), mid(at(browA), at(browB)), 0.4), weight: 1 });
  }
  for (const [a, b] of [
    [2, 31],
    [14, 35],
    [4, 48],
    [12, 54],
  ] as const) {
    added.push({ point: mid(at(a), at(b)), weight: 1 });
  }
  for (const i of [4, 6, 8, 10, 12]) added.push({ point: along(axes, at(i), 0, 0.4), weight: 1 });
  const centre = along(axes, axes.eyes, 0, 0.55);
  for (const angle of HEAD_RING) {
    const down = Math.sin(angle) > 0;
    const v = Math.sin(angle) * (down ? 2.0 : 2.05);
    const point = along(axes, centre, Math.cos(angle) * 1.75, v);
    added.push({ point, weight: v > 1.2 ? 0.5 : 1 });
  }
  for (const angle of FIXED_RING) {
    const down = Math.sin(angle) > 0;
    const point = along(axes, centre, Math.cos(angle) * 2.5, Math.sin(angle) * (down ? 3.0 : 2.8));
    added.push({ point, weight: 0 });
  }
  return added;
}

let topology: Uint16Array | undefined;

/**
 * Which mesh points form triangles: the Delaunay triangulation of the mean face with its
 * mouth a little open, so the lips, the gap between them and the eyes each get their own
 * triangles. Every face uses this one topology, so no triangle spans a lip and the mouth.
 */
function meshTopology(): Uint16Array {
  if (topology) return topology;
  const face = meanFace();
  for (const i of [55, 56, 57, 58, 59]) (face[i] as Point).y += 0.1;
  for (const i of [65, 66, 67]) (face[i] as Point).y += 0.12;
  for (const i of [5, 6, 7, 8, 9, 10, 11]) (face[i] as Point).y += 0.08;
  const axes = faceAxes(face);
  const points = [...face, ...addedPoints(face, axes).map((a) => a.point)];
  topology = Uint16Array.from(delaunay(points).flat());
  return topology;
}

/** The mesh over a face given its 68 landmarks in the image's pixels. */
export function faceMesh(landmarks: Point[]): FaceMesh {
  if (landmarks.length !== 68) throw new Error('A face mesh needs the 68 face landmarks.');
  const axes = faceAxes(landmarks);
  const added = addedPoints(landmarks, axes);
  const headWeight = new Float32Array(68 + added.length).fill(1);
  for (const [i, a] of added.entries()) headWeight[68 + i] = a.weight;
  return {
    points: [...landmarks.map((p) => ({ ...p })), ...added.map((a) => a.point)],
    headWeight,
    triangles: meshTopology(),
    axes,
  };
}
