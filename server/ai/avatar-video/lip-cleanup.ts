import type { Point } from '../media-types';

/** The inner lip line as two curves, upper (60-64) and lower (64-60), left to right. */
const UPPER = [60, 61, 62, 63, 64];
const LOWER = [60, 67, 66, 65, 64];

function yAt(points: Point[], x: number): number {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as Point;
    const b = points[i] as Point;
    if (x <= b.x || i === points.length - 1) {
      const t = b.x === a.x ? 0 : Math.min(1, Math.max(0, (x - a.x) / (b.x - a.x)));
      return a.y + (b.y - a.y) * t;
    }
  }
  return points[0]?.y ?? 0;
}

/**
 * A copy of the photo (packed RGB) with what shows between its lips painted over by the
 * lips themselves: in each column, from a little above the upper inner lip line to a
 * little below the lower one, the lip colour above fades into the lip colour below. Warped
 * shut, a smile that showed teeth then shows no sliver of them; the margin (two pixels and
 * a quarter of the gap) covers the landmarks' error at the corners. A closed mouth is
 * left as it is. The open
 * mouth is painted afresh every frame, so nothing of the photo's teeth is lost.
 */
export function withoutTeeth(rgb: Uint8Array, size: number, landmarks: Point[]): Uint8Array {
  const out = Uint8Array.from(rgb);
  const upper = UPPER.map((i) => landmarks[i] as Point);
  const outerUpper = [48, 49, 50, 51, 52, 53, 54].map((i) => landmarks[i] as Point);
  const outerLower = [48, 59, 58, 57, 56, 55, 54].map((i) => landmarks[i] as Point);
  const lower = LOWER.map((i) => landmarks[i] as Point);
  const centreGap = yAt(lower, landmarks[62]?.x ?? 0) - yAt(upper, landmarks[62]?.x ?? 0);
  if (centreGap < 1) return out;
  const margin = 2 + centreGap * 0.25;
  const left = Math.min(upper[0]?.x ?? 0, landmarks[48]?.x ?? 0) - margin;
  const right = Math.max(upper.at(-1)?.x ?? 0, landmarks[54]?.x ?? 0) + margin;
  // A lip colour a few columns wide, so one odd pixel does not streak the whole column.
  const lipColour = (x: number, y: number, c: number) => {
    let sum = 0;
    for (let dx = -2; dx <= 2; dx++) {
      const xx = Math.min(size - 1, Math.max(0, x + dx));
      sum += rgb[(y * size + xx) * 3 + c] as number;
    }
    return sum / 5;
  };
  for (let x = Math.max(0, Math.floor(left)); x <= Math.min(size - 1, Math.ceil(right)); x++) {
    const top = yAt(upper, x + 0.5);
    const bottom = yAt(lower, x + 0.5);
    // The margin stays within the lips: at most 40 % of each lip's own thickness.
    const upperLip = top - yAt(outerUpper, x + 0.5);
    const lowerLip = yAt(outerLower, x + 0.5) - bottom;
    const above = Math.max(0, Math.floor(top - Math.min(margin, Math.max(1, upperLip * 0.4))));
    const below = Math.min(
      size - 1,
      Math.ceil(Math.max(top, bottom) + Math.min(margin, Math.max(1, lowerLip * 0.4))),
    );
    const seam = (top + bottom) / 2;
    const withinCorners = x + 0.5 > (upper[0]?.x ?? 0) && x + 0.5 < (upper.at(-1)?.x ?? 0);
    for (let y = above + 1; y < below; y++) {
      const t = (y - above) / (below - above);
      // Where the lips will meet, a soft darker line, as closed lips show.
      const shade = withinCorners ? 1 - 0.12 * Math.max(0, 1 - Math.abs(y + 0.5 - seam) / 1.5) : 1;
      for (let c = 0; c < 3; c++) {
        const a = lipColour(x, above, c);
        const b = lipColour(x, below, c);
        out[(y * size + x) * 3 + c] = Math.round((a + (b - a) * t) * shade);
      }
    }
  }
  return out;
}
