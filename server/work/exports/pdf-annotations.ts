import {
  type PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFPage,
  type PDFRef,
  PDFString,
} from 'pdf-lib';

/** Corners in QuadPoints order as viewers read it: top-left, top-right, bottom-left, bottom-right. */
export type Quad = [number, number, number, number, number, number, number, number];
export type Colour = [number, number, number];

export const HIGHLIGHT_COLOURS: Record<'text' | 'audio', Colour> = {
  text: [1, 0.89, 0.2],
  audio: [0.55, 0.82, 1],
};

export interface NoteMeta {
  id: string;
  contents: string;
  author: string;
  createdAt: string;
  colour: Colour;
}

export function boxQuad(x1: number, bottom: number, x2: number, top: number): Quad {
  return [x1, top, x2, top, x1, bottom, x2, bottom];
}

/**
 * A /Highlight on the quads, with its note in a /Popup. It carries its own appearance
 * stream so that every viewer paints it the same way (some draw nothing without one);
 * the Multiply blend keeps the text under it legible.
 */
export function addHighlight(doc: PDFDocument, page: PDFPage, quads: Quad[], meta: NoteMeta) {
  const rect = boundingRect(quads);
  const paths = quads
    .map(
      (q) =>
        `${n(q[0])} ${n(q[1])} m ${n(q[2])} ${n(q[3])} l ${n(q[6])} ${n(q[7])} l ${n(q[4])} ${n(q[5])} l h`,
    )
    .join(' ');
  const appearance = doc.context.register(
    doc.context.stream(`/GS0 gs ${meta.colour.map(n).join(' ')} rg ${paths} f`, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: rect,
      Resources: { ExtGState: { GS0: { Type: 'ExtGState', BM: 'Multiply' } } },
    }),
  );
  const annot = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Highlight',
    Rect: rect,
    QuadPoints: quads.flat(),
    C: meta.colour,
    F: 4, // print it too: pupils print their work
    P: page.ref,
    AP: { N: appearance },
  });
  describe(annot, meta);
  const ref = doc.context.register(annot);
  page.node.addAnnot(ref);
  addPopup(doc, page, annot, ref, rect[3]!);
  return ref;
}

/** Outline colours of a region's square: darker than the highlights, to show on a photo. */
export const SQUARE_COLOURS: Record<'text' | 'audio', Colour> = {
  text: [0.85, 0.45, 0],
  audio: [0.05, 0.4, 0.85],
};

/**
 * A /Square over a region [x1, y1, x2, y2] of the page, with its note in a /Popup: a
 * coloured outline over a faint tint (Multiply, so the handwriting under it stays legible),
 * with its own appearance stream as for highlights.
 */
export function addSquare(doc: PDFDocument, page: PDFPage, rect: number[], meta: NoteMeta) {
  const [x1, y1, x2, y2] = rect as [number, number, number, number];
  const stroke = SQUARE_COLOURS[meta.colour === HIGHLIGHT_COLOURS.audio ? 'audio' : 'text'];
  const width = 2;
  const inner = `${n(x1 + width / 2)} ${n(y1 + width / 2)} ${n(x2 - x1 - width)} ${n(y2 - y1 - width)} re`;
  const appearance = doc.context.register(
    doc.context.stream(
      `/GS0 gs ${meta.colour.map(n).join(' ')} rg ${inner} f /GS1 gs ${stroke.map(n).join(' ')} RG ${width} w ${inner} S`,
      {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: rect,
        Resources: {
          ExtGState: {
            GS0: { Type: 'ExtGState', BM: 'Multiply', ca: 0.35 },
            GS1: { Type: 'ExtGState', BM: 'Normal', CA: 1 },
          },
        },
      },
    ),
  );
  const annot = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Square',
    Rect: rect,
    C: stroke,
    BS: { W: width, S: 'S' },
    F: 4,
    P: page.ref,
    AP: { N: appearance },
  });
  describe(annot, meta);
  const ref = doc.context.register(annot);
  page.node.addAnnot(ref);
  addPopup(doc, page, annot, ref, y2);
  return ref;
}

/** A sticky note for an item with no passage, or whose passage could not be found. */
export function addStickyNote(
  doc: PDFDocument,
  page: PDFPage,
  at: { x: number; y: number },
  meta: NoteMeta,
) {
  const annot = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Text',
    Rect: [at.x, at.y - 20, at.x + 20, at.y],
    Name: 'Comment',
    Open: false,
    C: meta.colour,
    F: 4 | 8 | 16, // print, no zoom, no rotate: an icon stays an icon
    P: page.ref,
  });
  describe(annot, meta);
  const ref = doc.context.register(annot);
  page.node.addAnnot(ref);
  addPopup(doc, page, annot, ref, at.y);
  return ref;
}

/** A clickable web link over a rectangle [x1, y1, x2, y2]. */
export function addLink(doc: PDFDocument, page: PDFPage, rect: number[], url: string) {
  const annot = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: rect,
    Border: [0, 0, 0],
    F: 4,
    P: page.ref,
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
  });
  page.node.addAnnot(doc.context.register(annot));
}

export function describe(annot: PDFDict, meta: NoteMeta) {
  const date = new Date(meta.createdAt);
  annot.set(PDFName.of('Contents'), PDFHexString.fromText(meta.contents));
  annot.set(PDFName.of('T'), PDFHexString.fromText(meta.author));
  annot.set(PDFName.of('NM'), PDFHexString.fromText(`feedback-${meta.id}`));
  annot.set(PDFName.of('M'), PDFString.fromDate(Number.isNaN(date.getTime()) ? new Date() : date));
}

export function addPopup(
  doc: PDFDocument,
  page: PDFPage,
  parent: PDFDict,
  parentRef: PDFRef,
  top: number,
) {
  const box = page.getMediaBox();
  const right = box.x + box.width;
  const y2 = Math.min(box.y + box.height, Math.max(box.y + 120, top));
  const popup = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Popup',
    Rect: [Math.max(box.x, right - 220), y2 - 120, right, y2],
    Parent: parentRef,
    Open: false,
    P: page.ref,
  });
  const ref = doc.context.register(popup);
  parent.set(PDFName.of('Popup'), ref);
  page.node.addAnnot(ref);
}

function boundingRect(quads: Quad[]): number[] {
  const xs = quads.flatMap((q) => [q[0], q[2], q[4], q[6]]);
  const ys = quads.flatMap((q) => [q[1], q[3], q[5], q[7]]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Short decimals keep the content streams small and free of exponent notation. */
function n(value: number): string {
  return (Math.round(value * 100) / 100).toString();
}
