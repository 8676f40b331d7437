/*
 * Ink on the page as handed in: pen, highlighter and simple shapes, without zod so that the
 * pupil's and the parent's pages, which draw it, do not download zod (decision 0031).
 * contract/feedback.ts holds the schema that checks it.
 *
 * A point is [x, y] in shares of the page as a viewer shows it, from its top-left corner
 * (as a region is), so a drawing holds at any zoom. A stroke's width is a share of the
 * page's width.
 */
import { MIN_REGION_SIZE } from './region-limits';

export const INK_TOOLS = ['pen', 'highlighter', 'rectangle', 'ellipse', 'arrow'] as const;
export type InkTool = (typeof INK_TOOLS)[number];

/** Tools drawn from where the pointer went down to where it came up: two points. */
export const SHAPE_TOOLS: readonly InkTool[] = ['rectangle', 'ellipse', 'arrow'];
export const isShape = (tool: InkTool) => SHAPE_TOOLS.includes(tool);

export const INK_COLOURS = ['red', 'blue', 'green', 'black', 'yellow'] as const;
export type InkColour = (typeof INK_COLOURS)[number];

/**
 * The colours as drawn, on screen and in the annotated PDF. Red, blue, green and black
 * are dark enough to read on white paper (at least 4.5:1); yellow is for the highlighter.
 */
export const INK_RGB: Record<InkColour, [number, number, number]> = {
  red: [0.8, 0.1, 0.1],
  blue: [0.11, 0.3, 0.85],
  green: [0.08, 0.5, 0.2],
  black: [0.07, 0.09, 0.15],
  yellow: [0.98, 0.8, 0.08],
};

/** How opaque each tool's ink is: a highlighter lets the handwriting under it show. */
export const inkOpacity = (tool: InkTool) => (tool === 'highlighter' ? 0.4 : 1);

/** Default widths, in shares of the page's width (about 2.4 px and 12 px at 600 px). */
export const INK_WIDTHS: Record<InkTool, number> = {
  pen: 0.004,
  highlighter: 0.02,
  rectangle: 0.004,
  ellipse: 0.004,
  arrow: 0.004,
};
export const MIN_INK_WIDTH = 0.001;
export const MAX_INK_WIDTH = 0.05;

/** A drawing is a few marks, not a painting: bounds that keep rows and exports small. */
export const MAX_INK_STROKES = 50;
export const MAX_POINTS_PER_STROKE = 1_000;
export const MAX_INK_POINTS = 5_000;

export type InkPoint = [number, number];
export interface InkStroke {
  tool: InkTool;
  colour: InkColour;
  width: number;
  points: InkPoint[];
}
export interface Ink {
  page: number;
  strokes: InkStroke[];
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The drawing's region: the box round every stroke and its width, inside the page and at
 * least the smallest region. The server works it out from the ink (it does not take the
 * browser's word for it); the browser uses the same to cut the picture of it.
 */
export function inkBounds(ink: Ink): {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
} {
  let [x1, y1, x2, y2] = [1, 1, 0, 0];
  for (const stroke of ink.strokes) {
    const pad = stroke.width / 2;
    for (const [x, y] of stroke.points) {
      x1 = Math.min(x1, x - pad);
      y1 = Math.min(y1, y - pad);
      x2 = Math.max(x2, x + pad);
      y2 = Math.max(y2, y + pad);
    }
  }
  const grow = (low: number, high: number): [number, number] => {
    const [a, b] = [clamp(low), clamp(high)];
    if (b - a >= MIN_REGION_SIZE) return [a, b];
    const start = clamp(Math.min(a, 1 - MIN_REGION_SIZE) - (MIN_REGION_SIZE - (b - a)) / 2);
    return [start, start + MIN_REGION_SIZE];
  };
  const [left, right] = grow(x1, x2);
  const [top, bottom] = grow(y1, y2);
  const x = round(left);
  const y = round(top);
  return {
    page: ink.page,
    x,
    y,
    width: Math.min(round(right - left), 1 - x),
    height: Math.min(round(bottom - top), 1 - y),
  };
}

/** The box of a shape's two points: [left, top, right, bottom]. */
export function shapeBox(stroke: InkStroke): [number, number, number, number] {
  const [[ax, ay] = [0, 0], [bx, by] = [0, 0]] = stroke.points;
  return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
}

/**
 * An arrow's head: the two ends of its barbs, at 30° either side of the shaft, as long as
 * a fifth of the shaft (between 3 and 12 stroke widths). `scale` turns shares of the
 * page into one unit both ways (the page's aspect), so the head is not skewed.
 */
export function arrowHead(
  from: InkPoint,
  to: InkPoint,
  width: number,
  scale: { x: number; y: number } = { x: 1, y: 1 },
): [InkPoint, InkPoint] {
  const dx = (to[0] - from[0]) * scale.x;
  const dy = (to[1] - from[1]) * scale.y;
  const length = Math.hypot(dx, dy) || 1;
  const barb = Math.min(Math.max(length / 5, width * scale.x * 3), width * scale.x * 12);
  const angle = Math.atan2(dy, dx);
  const end = (turn: number): InkPoint => [
    to[0] - (barb * Math.cos(angle + turn)) / scale.x,
    to[1] - (barb * Math.sin(angle + turn)) / scale.y,
  ];
  return [end(Math.PI / 6), end(-Math.PI / 6)];
}

/**
 * An SVG path of a stroke in a box of `width` × `height` units (the page's own size), for
 * the overlays and the pictures of drawings. A pen line is smoothed through the midpoints
 * of its points; shapes are drawn from their two points.
 */
export function strokePath(stroke: InkStroke, width: number, height: number): string {
  const at = ([x, y]: InkPoint) => `${fmt(x * width)} ${fmt(y * height)}`;
  const points = stroke.points;
  if (stroke.tool === 'rectangle') {
    const [l, t, r, b] = shapeBox(stroke);
    return `M ${at([l, t])} L ${at([r, t])} L ${at([r, b])} L ${at([l, b])} Z`;
  }
  if (stroke.tool === 'ellipse') {
    const [l, t, r, b] = shapeBox(stroke);
    const [rx, ry] = [((r - l) * width) / 2, ((b - t) * height) / 2];
    const cy = ((t + b) / 2) * height;
    return `M ${fmt(l * width)} ${fmt(cy)} a ${fmt(rx)} ${fmt(ry)} 0 1 0 ${fmt(2 * rx)} 0 a ${fmt(rx)} ${fmt(ry)} 0 1 0 ${fmt(-2 * rx)} 0 Z`;
  }
  if (stroke.tool === 'arrow') {
    const [from = [0, 0], to = [0, 0]] = points;
    const [left, right] = arrowHead(from, to, stroke.width, { x: width, y: height });
    return `M ${at(from)} L ${at(to)} M ${at(left)} L ${at(to)} L ${at(right)}`;
  }
  if (points.length < 3) return points.map((p, i) => `${i ? 'L' : 'M'} ${at(p)}`).join(' ');
  let path = `M ${at(points[0]!)}`;
  for (let i = 1; i < points.length - 1; i += 1) {
    const [x, y] = points[i]!;
    const [nx, ny] = points[i + 1]!;
    path += ` Q ${at([x, y])} ${at([(x + nx) / 2, (y + ny) / 2])}`;
  }
  return `${path} L ${at(points.at(-1)!)}`;
}

const fmt = (value: number) => (Math.round(value * 100) / 100).toString();

/** "Drawing on page 2": how lists and exports name a drawing (a region is "Region on page 2"). */
export const drawingLabel = (page: number) => `Drawing on page ${page}`;
