import type { Point } from '../media-types';

/** One 8-bit image plane (Y, U or V of a yuv420p frame). */
export type Plane = { data: Uint8Array; width: number; height: number };

/**
 * Piecewise-affine warp: every triangle of the mesh is drawn at its target position with
 * the source pixels of the same triangle, sampled bilinearly. Triangles whose three
 * corners did not move are left alone (the output already holds the source there), which
 * is what keeps a frame cheap: only the moving head is redrawn. A corner that moved under
 * a quarter pixel counts as still: the seam that leaves is under a quarter pixel. `scale` maps mesh
 * coordinates to the plane (0.5 for the chroma planes of yuv420p).
 */
export function warpPlane(
  source: Plane,
  target: Uint8Array,
  from: Point[],
  to: Point[],
  triangles: Uint16Array,
  scale: number,
): void {
  const { width, height, data } = source;
  // Positions a 2×2 bilinear neighbourhood fits inside without clamping.
  const maxX = width - 1;
  const maxY = height - 1;
  for (let t = 0; t < triangles.length; t += 3) {
    const i0 = triangles[t] as number;
    const i1 = triangles[t + 1] as number;
    const i2 = triangles[t + 2] as number;
    const s0 = from[i0] as Point;
    const s1 = from[i1] as Point;
    const s2 = from[i2] as Point;
    const d0 = to[i0] as Point;
    const d1 = to[i1] as Point;
    const d2 = to[i2] as Point;
    if (unmoved(s0, d0) && unmoved(s1, d1) && unmoved(s2, d2)) continue;
    const ax = d0.x * scale;
    const ay = d0.y * scale;
    const bx = d1.x * scale;
    const by = d1.y * scale;
    const cx = d2.x * scale;
    const cy = d2.y * scale;
    const det = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
    if (Math.abs(det) < 1e-6) continue;
    // Source position as an affine function of the target position: s = m·(x, y, 1).
    const sax = s0.x * scale;
    const say = s0.y * scale;
    const ubx = s1.x * scale - sax;
    const uby = s1.y * scale - say;
    const ucx = s2.x * scale - sax;
    const ucy = s2.y * scale - say;
    // Barycentric l1, l2 as linear functions of (x, y).
    const l1x = (cy - ay) / det;
    const l1y = -(cx - ax) / det;
    const l2x = -(by - ay) / det;
    const l2y = (bx - ax) / det;
    const m00 = ubx * l1x + ucx * l2x;
    const m01 = ubx * l1y + ucx * l2y;
    const m10 = uby * l1x + ucy * l2x;
    const m11 = uby * l1y + ucy * l2y;
    const m02 = sax - m00 * ax - m01 * ay;
    const m12 = say - m10 * ax - m11 * ay;
    const top = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const bottom = Math.min(height - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = top; y <= bottom; y++) {
      const yc = y + 0.5;
      let left = Number.POSITIVE_INFINITY;
      let right = Number.NEGATIVE_INFINITY;
      // Where the row's centre line crosses the triangle's edges.
      for (const [px, py, qx, qy] of [
        [ax, ay, bx, by],
        [bx, by, cx, cy],
        [cx, cy, ax, ay],
      ] as const) {
        if (yc < py === yc < qy) continue;
        const x = px + ((yc - py) * (qx - px)) / (qy - py);
        if (x < left) left = x;
        if (x > right) right = x;
      }
      if (left > right) continue;
      const x0 = Math.max(0, Math.ceil(left - 0.5));
      const x1 = Math.min(width - 1, Math.ceil(right - 0.5) - 1);
      let sx = m00 * (x0 + 0.5) + m01 * yc + m02 - 0.5;
      let sy = m10 * (x0 + 0.5) + m11 * yc + m12 - 0.5;
      let out = y * width + x0;
      for (let x = x0; x <= x1; x++, out++, sx += m00, sy += m10) {
        if (sx >= 0 && sy >= 0 && sx < maxX && sy < maxY) {
          // Bilinear, inlined: this loop is where a frame's time goes.
          const ix = sx | 0;
          const iy = sy | 0;
          const fx = sx - ix;
          const fy = sy - iy;
          const i = iy * width + ix;
          const p00 = data[i] as number;
          const p01 = data[i + 1] as number;
          const p10 = data[i + width] as number;
          const p11 = data[i + width + 1] as number;
          const top = p00 + (p01 - p00) * fx;
          target[out] = (top + (p10 + (p11 - p10) * fx - top) * fy + 0.5) | 0;
        } else {
          target[out] = sample(data, width, height, sx, sy);
        }
      }
    }
  }
}

/** A corner that moved less than a quarter pixel: a triangle of such corners is left as it is. */
const unmoved = (a: Point, b: Point) => Math.abs(a.x - b.x) < 0.25 && Math.abs(a.y - b.y) < 0.25;

/** Bilinear sample at a continuous pixel position (pixel centres at integers), edges clamped. */
export function sample(
  data: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
): number {
  const cx = x < 0 ? 0 : Math.min(x, width - 1);
  const cy = y < 0 ? 0 : Math.min(y, height - 1);
  const ix = cx | 0;
  const iy = cy | 0;
  const fx = cx - ix;
  const fy = cy - iy;
  const i = iy * width + ix;
  const right = ix < width - 1 ? 1 : 0;
  const below = iy < height - 1 ? width : 0;
  const top = (data[i] as number) + ((data[i + right] as number) - (data[i] as number)) * fx;
  const bottom =
    (data[i + below] as number) +
    ((data[i + below + right] as number) - (data[i + below] as number)) * fx;
  return (top + (bottom - top) * fy + 0.5) | 0;
}
