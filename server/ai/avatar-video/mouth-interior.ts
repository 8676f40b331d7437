import type { Point } from '../media-types';
import type { FaceAxes } from './face-mesh';
import type { MouthShape } from './face-shapes';
import { sample } from './warp';
import { clampByte, rgbToYuv, type YuvFrame } from './yuv';

type Rgb = [number, number, number];

/** What the inside of the mouth is painted with, taken from the photo once. */
export type MouthPalette = {
  lip: Rgb;
  teeth: Rgb;
  /** The photo's own upper teeth, when it shows them: the lip line above them and their height. */
  photoTeeth: { upperLip: Array<{ u: number; v: number }>; centre: Point; height: number } | null;
  /** The photo itself (packed RGB), for sampling its teeth. */
  rgb: Uint8Array;
  size: number;
};

const UPPER_INNER = [60, 61, 62, 63, 64];
const LOWER_INNER = [60, 67, 66, 65, 64];

function meanAround(rgb: Uint8Array, size: number, at: Point, radius: number): Rgb {
  const sum: Rgb = [0, 0, 0];
  let n = 0;
  for (let y = Math.round(at.y - radius); y <= Math.round(at.y + radius); y++) {
    for (let x = Math.round(at.x - radius); x <= Math.round(at.x + radius); x++) {
      if (x < 0 || y < 0 || x >= size || y >= size) continue;
      const i = (y * size + x) * 3;
      sum[0] += rgb[i] as number;
      sum[1] += rgb[i + 1] as number;
      sum[2] += rgb[i + 2] as number;
      n++;
    }
  }
  return n ? [sum[0] / n, sum[1] / n, sum[2] / n] : [128, 80, 80];
}

const luma = ([r, g, b]: Rgb) => 0.299 * r + 0.587 * g + 0.114 * b;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** A mouth's inner lip line in its own axes: u along the mouth, v towards the chin. */
function lipLine(points: Point[], indices: number[], centre: Point, axes: FaceAxes) {
  return indices.map((i) => {
    const p = points[i] as Point;
    const dx = p.x - centre.x;
    const dy = p.y - centre.y;
    return { u: dx * axes.right.x + dy * axes.right.y, v: dx * axes.down.x + dy * axes.down.y };
  });
}

/**
 * A lip line through its landmarks as a smooth curve (Catmull-Rom, four steps between
 * points): lips are round, and straight lines between five points read as a polygon.
 */
function smooth(line: Array<{ u: number; v: number }>): Array<{ u: number; v: number }> {
  const out: Array<{ u: number; v: number }> = [];
  for (let i = 0; i < line.length - 1; i++) {
    const p0 = line[Math.max(0, i - 1)] as { u: number; v: number };
    const p1 = line[i] as { u: number; v: number };
    const p2 = line[i + 1] as { u: number; v: number };
    const p3 = line[Math.min(line.length - 1, i + 2)] as { u: number; v: number };
    for (let step = 0; step < 4; step++) {
      const t = step / 4;
      const t2 = t * t;
      const t3 = t2 * t;
      const at = (a: number, b: number, c: number, d: number) =>
        0.5 *
        (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (3 * b - a - 3 * c + d) * t3);
      out.push({ u: at(p0.u, p1.u, p2.u, p3.u), v: at(p0.v, p1.v, p2.v, p3.v) });
    }
  }
  out.push(line.at(-1) as { u: number; v: number });
  return out;
}

/** v of a lip line at u, by straight lines between its points (u rising). */
function lineAt(line: Array<{ u: number; v: number }>, u: number): number {
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1] as { u: number; v: number };
    const b = line[i] as { u: number; v: number };
    if (u <= b.u || i === line.length - 1) {
      const t = b.u === a.u ? 0 : Math.min(1, Math.max(0, (u - a.u) / (b.u - a.u)));
      return a.v + (b.v - a.v) * t;
    }
  }
  return line[0]?.v ?? 0;
}

/**
 * The lip colour (the lower lip's middle), the teeth colour and whether the photo shows its
 * own upper teeth: bright, pale pixels filling much of the gap between the lips.
 */
export function mouthPalette(
  rgb: Uint8Array,
  size: number,
  landmarks: Point[],
  axes: FaceAxes,
): MouthPalette {
  const at = (i: number) => landmarks[i] as Point;
  const between = (a: number, b: number) => ({
    x: (at(a).x + at(b).x) / 2,
    y: (at(a).y + at(b).y) / 2,
  });
  const radius = Math.max(1, axes.interocular * 0.02);
  const lipSamples = [between(57, 66), between(56, 65), between(58, 67)].map((p) =>
    meanAround(rgb, size, p, radius),
  );
  const lip = mix(mix(lipSamples[0] as Rgb, lipSamples[1] as Rgb, 0.5), lipSamples[2] as Rgb, 0.33);
  const skin = meanAround(rgb, size, between(31, 3), axes.interocular * 0.08);
  // Teeth in the face's own light: a warm off-white scaled to its skin's brightness.
  const light = Math.min(1.1, Math.max(0.55, luma(skin) / 160));
  let teeth: Rgb = [228 * light, 221 * light, 208 * light];
  let photoTeeth: MouthPalette['photoTeeth'] = null;
  const centre = between(60, 64);
  const upper = lipLine(landmarks, UPPER_INNER, centre, axes);
  const lower = lipLine(landmarks, LOWER_INNER, centre, axes);
  const gap = lineAt(lower, 0) - lineAt(upper, 0);
  if (gap >= 3) {
    const bright: Rgb[] = [];
    let total = 0;
    const half = ((upper.at(-1)?.u ?? 0) - (upper[0]?.u ?? 0)) / 2;
    for (let u = -half * 0.5; u <= half * 0.5; u += 1) {
      for (let v = lineAt(upper, u) + 1; v < lineAt(lower, u) - 1; v += 1) {
        const x = centre.x + axes.right.x * u + axes.down.x * v;
        const y = centre.y + axes.right.y * u + axes.down.y * v;
        const c = meanAround(rgb, size, { x, y }, 0);
        total++;
        const spread = Math.max(...c) - Math.min(...c);
        if (luma(c) > luma(skin) * 0.85 && spread < 70) bright.push(c);
      }
    }
    if (total > 0 && bright.length / total > 0.3) {
      teeth = bright.reduce<Rgb>(
        (s, c) => [
          s[0] + c[0] / bright.length,
          s[1] + c[1] / bright.length,
          s[2] + c[2] / bright.length,
        ],
        [0, 0, 0],
      );
      photoTeeth = { upperLip: upper, centre, height: Math.min(gap, axes.interocular * 0.14) };
    }
  }
  return { lip, teeth, photoTeeth, rgb, size };
}

/**
 * Paints the inside of the open mouth between the warped inner lip lines: the upper teeth
 * hanging from the upper lip (the photo's own when it shows them), a little of the lower
 * teeth for spread vowels, a dark interior that is darkest in the middle, and the tongue
 * low in a wide-open mouth. Edges are anti-aliased over one pixel. A closed mouth has no
 * inside, so nothing is painted.
 */
export function paintMouthInterior(
  frame: YuvFrame,
  points: Point[],
  axes: FaceAxes,
  shape: MouthShape,
  palette: MouthPalette,
): void {
  const left = points[60] as Point;
  const rightCorner = points[64] as Point;
  const centre = { x: (left.x + rightCorner.x) / 2, y: (left.y + rightCorner.y) / 2 };
  const len = Math.hypot(rightCorner.x - left.x, rightCorner.y - left.y) || 1;
  // The mouth's own axes follow the head's tilt in this frame.
  const right = { x: (rightCorner.x - left.x) / len, y: (rightCorner.y - left.y) / len };
  const down = { x: -right.y, y: right.x };
  const local = { ...axes, right, down };
  const upper = smooth(lipLine(points, UPPER_INNER, centre, local));
  const lower = smooth(lipLine(points, LOWER_INNER, centre, local));
  const half = len / 2;
  if (Math.max(...lower.map((p, i) => p.v - (upper[i]?.v ?? 0))) < 0.3) return;
  const e = axes.interocular;
  // The upper lip hides most of the teeth until it lifts off them.
  const teethHeight = e * (0.035 + 0.08 * shape.lift);
  const lowerTeethHeight = shape.lowerTeeth * e * 0.05;
  const dark: Rgb = mix([14, 6, 7], palette.lip, 0.12);
  const tongue: Rgb = mix(palette.lip, [150, 70, 72], 0.4);
  const tongueShare = Math.min(0.7, Math.max(0, (shape.jaw - 0.3) / 0.5));

  const colourAt = (u: number, v: number, vu: number, vl: number): Rgb => {
    const across = Math.min(1, Math.abs(u) / half);
    const shade = 1 - 0.6 * across * across;
    const fromTop = v - vu;
    const fromBottom = vl - v;
    if (fromTop < teethHeight) {
      const edge = 0.78 + 0.22 * Math.min(1, fromTop / 1.5);
      let tooth: Rgb = palette.teeth;
      const own = palette.photoTeeth;
      if (own) {
        const su =
          (u / half) * ((own.upperLip.at(-1)?.u ?? half) - (own.upperLip[0]?.u ?? -half)) * 0.5;
        const sv = lineAt(own.upperLip, su) + (fromTop / teethHeight) * own.height;
        const sx = own.centre.x + axes.right.x * su + axes.down.x * sv - 0.5;
        const sy = own.centre.y + axes.right.y * su + axes.down.y * sv - 0.5;
        tooth = [0, 1, 2].map((c) => sampleChannel(palette, sx, sy, c)) as Rgb;
      } else {
        // Faint gaps between the incisors.
        const gapShade = [0, 0.1, 0.19].some((at) => Math.abs(Math.abs(u) - at * e) < 0.6)
          ? 0.86
          : 1;
        tooth = mix([0, 0, 0], tooth, gapShade);
      }
      const lowerEdge = fromTop > teethHeight - 1 ? 0.85 : 1;
      return mix([0, 0, 0], tooth, shade * edge * lowerEdge);
    }
    if (fromBottom < lowerTeethHeight) return mix([0, 0, 0], palette.teeth, 0.75 * shade);
    const opening = vl - vu;
    const depth = 1 - Math.abs((v - (vu + vl) / 2) / (opening / 2 || 1));
    let inside = mix(dark, [4, 2, 2], 0.5 * depth);
    if (tongueShare > 0 && fromBottom < opening * 0.4)
      inside = mix(inside, tongue, tongueShare * (1 - fromBottom / (opening * 0.4)) * shade);
    return inside;
  };

  const xs = [...UPPER_INNER, ...LOWER_INNER].map((i) => (points[i] as Point).x);
  const ys = [...UPPER_INNER, ...LOWER_INNER].map((i) => (points[i] as Point).y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)) - 1);
  const x1 = Math.min(frame.y.width - 1, Math.ceil(Math.max(...xs)) + 1);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)) - 1);
  const y1 = Math.min(frame.y.height - 1, Math.ceil(Math.max(...ys)) + 1);

  const cover = (px: number, py: number): { alpha: number; rgb: Rgb } | null => {
    const dx = px - centre.x;
    const dy = py - centre.y;
    const u = dx * right.x + dy * right.y;
    const v = dx * down.x + dy * down.y;
    if (u <= -half || u >= half) return null;
    const vu = lineAt(upper, u);
    const vl = lineAt(lower, u);
    if (vl - vu <= 0) return null;
    const alpha = Math.min(1, Math.max(0, Math.min(v - vu, vl - v) + 0.5));
    return alpha > 0 ? { alpha, rgb: colourAt(u, v, vu, vl) } : null;
  };
  const yw = frame.y.width;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const c = cover(x + 0.5, y + 0.5);
      if (!c) continue;
      const [luma] = rgbToYuv(...c.rgb);
      const i = y * yw + x;
      frame.y.data[i] = clampByte((frame.y.data[i] as number) * (1 - c.alpha) + luma * c.alpha);
    }
  }
  const cw = frame.u.width;
  for (let y = y0 >> 1; y <= y1 >> 1; y++) {
    for (let x = x0 >> 1; x <= x1 >> 1; x++) {
      const c = cover(2 * x + 1, 2 * y + 1);
      if (!c) continue;
      const [, u, v] = rgbToYuv(...c.rgb);
      const i = y * cw + x;
      frame.u.data[i] = clampByte((frame.u.data[i] as number) * (1 - c.alpha) + u * c.alpha);
      frame.v.data[i] = clampByte((frame.v.data[i] as number) * (1 - c.alpha) + v * c.alpha);
    }
  }
}

const channels = new WeakMap<Uint8Array, Uint8Array[]>();

/** One colour channel of the photo at a continuous position, bilinear. */
function sampleChannel(palette: MouthPalette, x: number, y: number, channel: number): number {
  let planes = channels.get(palette.rgb);
  if (!planes) {
    const n = palette.size * palette.size;
    planes = [0, 1, 2].map((c) => {
      const plane = new Uint8Array(n);
      for (let i = 0; i < n; i++) plane[i] = palette.rgb[i * 3 + c] as number;
      return plane;
    });
    channels.set(palette.rgb, planes);
  }
  return sample(planes[channel] as Uint8Array, palette.size, palette.size, x, y);
}
