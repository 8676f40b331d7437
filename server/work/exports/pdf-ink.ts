import {
  type PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import {
  arrowHead,
  INK_RGB,
  type Ink,
  type InkPoint,
  type InkStroke,
  inkOpacity,
} from '../../../contract/ink';
import { addPopup, describe, type NoteMeta } from './pdf-annotations';

type Box = { x: number; y: number; width: number; height: number };

/**
 * Where the page shows: its box in the page's own coordinates and how far it is turned.
 * A point in shares of the page as a viewer shows it goes to the page's coordinates as a
 * region's corners do (pdf-regions.ts, rectInBox).
 */
export interface InkPlace {
  box: Box;
  rotation: number;
}

function toPage({ box, rotation }: InkPlace, [x, y]: InkPoint): InkPoint {
  const toX = (share: number) => box.x + share * box.width;
  const toY = (share: number) => box.y + share * box.height;
  switch (((rotation % 360) + 360) % 360) {
    case 90:
      return [toX(y), toY(x)];
    case 180:
      return [toX(1 - x), toY(y)];
    case 270:
      return [toX(1 - y), toY(1 - x)];
    default:
      return [toX(x), toY(1 - y)];
  }
}

/** The page's width as the viewer shows it, in the page's units: a stroke's width is a share of it. */
const shownWidth = ({ box, rotation }: InkPlace) =>
  ((rotation % 180) + 180) % 180 === 90 ? box.height : box.width;

/**
 * A drawing as real PDF annotations, one per stroke: a pen or highlighter line is an /Ink
 * (the highlighter see-through, multiplied over the page), a rectangle a /Square, an
 * ellipse a /Circle, an arrow a /Line with an open arrowhead. The first carries the comment
 * in its /Popup; the others are grouped with it (/IRT, /RT /Group), so a viewer treats
 * the drawing as one annotation. Each has its own appearance stream, as the highlights do.
 */
export function addInk(
  doc: PDFDocument,
  page: PDFPage,
  ink: Ink,
  place: InkPlace,
  meta: NoteMeta,
): PDFRef[] {
  const refs: PDFRef[] = [];
  ink.strokes.forEach((stroke, index) => {
    const width = Math.max(0.5, stroke.width * shownWidth(place));
    const points = stroke.points.map((point) => toPage(place, point));
    const annot = strokeAnnotation(doc, page, stroke, points, width);
    if (index === 0) {
      describe(annot, meta);
    } else {
      annot.set(PDFName.of('T'), PDFHexString.fromText(meta.author));
      annot.set(PDFName.of('NM'), PDFHexString.fromText(`feedback-${meta.id}-${index + 1}`));
      annot.set(PDFName.of('IRT'), refs[0]!);
      annot.set(PDFName.of('RT'), PDFName.of('Group'));
    }
    const ref = doc.context.register(annot);
    page.node.addAnnot(ref);
    if (index === 0) addPopup(doc, page, annot, ref, extent(points)[3]);
    refs.push(ref);
  });
  return refs;
}

function strokeAnnotation(
  doc: PDFDocument,
  page: PDFPage,
  stroke: InkStroke,
  points: InkPoint[],
  width: number,
): PDFDict {
  const colour = INK_RGB[stroke.colour];
  const opacity = inkOpacity(stroke.tool);
  const shape = stroke.tool === 'rectangle' || stroke.tool === 'ellipse';
  const head = stroke.tool === 'arrow' ? arrowHead(points[0]!, points[1]!, width) : [];
  // A shape's line is centred on the box it was drawn from: /Rect is that box and half the
  // line's width round it, so the border drawn inside /Rect lands on it. A line's /Rect
  // holds every point (and an arrow's head) with the line's width round it.
  const rect = shape
    ? grow(cornerBox(points), width / 2)
    : grow(extent([...points, ...head]), width);
  const common = {
    Type: 'Annot',
    Rect: rect,
    C: colour,
    CA: opacity,
    BS: { W: num(width), S: 'S' },
    F: 4, // print it too: pupils print their work
    P: page.ref,
  };
  const appearance = (operators: string) =>
    doc.context.register(
      doc.context.stream(
        `/GS0 gs ${colour.map(n).join(' ')} RG ${n(width)} w 1 J 1 j ${operators} S`,
        {
          Type: 'XObject',
          Subtype: 'Form',
          BBox: rect,
          Resources: {
            ExtGState: {
              GS0: {
                Type: 'ExtGState',
                CA: opacity,
                // Multiplied, a highlighter's colour darkens the page under it, as ink on paper.
                BM: stroke.tool === 'highlighter' ? 'Multiply' : 'Normal',
              },
            },
          },
        },
      ),
    );

  if (stroke.tool === 'rectangle' || stroke.tool === 'ellipse') {
    const [l, b, r, t] = cornerBox(points);
    const operators =
      stroke.tool === 'rectangle'
        ? `${n(l)} ${n(b)} ${n(r - l)} ${n(t - b)} re`
        : ellipsePath(l, b, r, t);
    return doc.context.obj({
      ...common,
      Subtype: stroke.tool === 'rectangle' ? 'Square' : 'Circle',
      AP: { N: appearance(operators) },
    });
  }
  if (stroke.tool === 'arrow') {
    const [from, to] = points as [InkPoint, InkPoint];
    const [left, right] = head as [InkPoint, InkPoint];
    const operators = `${at(from)} m ${at(to)} l ${at(left)} m ${at(to)} l ${at(right)} l`;
    return doc.context.obj({
      ...common,
      Subtype: 'Line',
      L: [...from, ...to].map(num),
      LE: ['None', 'OpenArrow'],
      AP: { N: appearance(operators) },
    });
  }
  return doc.context.obj({
    ...common,
    Subtype: 'Ink',
    InkList: [points.flat().map(num)],
    Subj: PDFHexString.fromText(stroke.tool === 'highlighter' ? 'Highlighter' : 'Pen'),
    AP: { N: appearance(smoothPath(points)) },
  });
}

/** The same smoothing as the page view's path: quadratic curves through the midpoints. */
function smoothPath(points: InkPoint[]): string {
  if (points.length < 3) return points.map((p, i) => `${at(p)} ${i ? 'l' : 'm'}`).join(' ');
  let path = `${at(points[0]!)} m`;
  let current = points[0]!;
  for (let i = 1; i < points.length - 1; i += 1) {
    const control = points[i]!;
    const next = points[i + 1]!;
    const end: InkPoint = [(control[0] + next[0]) / 2, (control[1] + next[1]) / 2];
    path += ` ${quadratic(current, control, end)}`;
    current = end;
  }
  return `${path} ${at(points.at(-1)!)} l`;
}

/** A quadratic Bézier as PDF's cubic `c`: control points two thirds of the way to it. */
function quadratic(from: InkPoint, control: InkPoint, to: InkPoint): string {
  const c1: InkPoint = [
    from[0] + (2 / 3) * (control[0] - from[0]),
    from[1] + (2 / 3) * (control[1] - from[1]),
  ];
  const c2: InkPoint = [
    to[0] + (2 / 3) * (control[0] - to[0]),
    to[1] + (2 / 3) * (control[1] - to[1]),
  ];
  return `${at(c1)} ${at(c2)} ${at(to)} c`;
}

/** An ellipse in the box as four cubic arcs (the usual 0.5523 of the radius for the handles). */
function ellipsePath(l: number, b: number, r: number, t: number): string {
  const [cx, cy] = [(l + r) / 2, (b + t) / 2];
  const [rx, ry] = [(r - l) / 2, (t - b) / 2];
  const k = 0.5523;
  return [
    `${n(cx + rx)} ${n(cy)} m`,
    `${n(cx + rx)} ${n(cy + k * ry)} ${n(cx + k * rx)} ${n(cy + ry)} ${n(cx)} ${n(cy + ry)} c`,
    `${n(cx - k * rx)} ${n(cy + ry)} ${n(cx - rx)} ${n(cy + k * ry)} ${n(cx - rx)} ${n(cy)} c`,
    `${n(cx - rx)} ${n(cy - k * ry)} ${n(cx - k * rx)} ${n(cy - ry)} ${n(cx)} ${n(cy - ry)} c`,
    `${n(cx + k * rx)} ${n(cy - ry)} ${n(cx + rx)} ${n(cy - k * ry)} ${n(cx + rx)} ${n(cy)} c h`,
  ].join(' ');
}

/** [left, bottom, right, top] of the points, in the page's coordinates (y runs up). */
function extent(points: InkPoint[]): [number, number, number, number] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The box between a shape's two corners, whichever way it was drawn. */
const cornerBox = (points: InkPoint[]) => extent(points.slice(0, 2));

function grow(box: [number, number, number, number], by: number): number[] {
  const [l, b, r, t] = box;
  return [l - by, b - by, r + by, t + by].map(num);
}

const at = ([x, y]: InkPoint) => `${n(x)} ${n(y)}`;

/** Short decimals keep the content streams small and free of exponent notation. */
function n(value: number): string {
  return num(value).toString();
}

/** The same as a number, for the annotation's own entries (a string there would be a name). */
function num(value: number): number {
  return Math.round(value * 100) / 100;
}
