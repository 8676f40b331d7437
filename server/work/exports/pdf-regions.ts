import { type PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import type { Fonts } from './fonts';
import { A4 } from './pdf-typeset';
import type { ExportFeedback, ExportOriginal } from './types';

type Region = NonNullable<ExportFeedback['region']>;
type Box = { x: number; y: number; width: number; height: number };

/**
 * The region's rectangle [x1, y1, x2, y2] in the page's own coordinates. The region is in
 * shares of the page as a viewer shows it (from its top-left corner, after the page's
 * /Rotate), which is how pdf.js drew it for the teacher; the page's CropBox is what shows.
 */
export function regionRect(page: PDFPage, region: Region): number[] {
  const box = page.getCropBox();
  return rectInBox(box, region, page.getRotation().angle);
}

export function rectInBox(box: Box, region: Region, rotation = 0): number[] {
  const { x, y, width: w, height: h } = region;
  const toX = (share: number) => box.x + share * box.width;
  const toY = (share: number) => box.y + share * box.height;
  switch (((rotation % 360) + 360) % 360) {
    // Shown turned a quarter clockwise: the viewer's left-to-right runs up the page's y,
    // its top-to-bottom along the page's x.
    case 90:
      return [toX(y), toY(x), toX(y + h), toY(x + w)];
    case 180:
      return [toX(1 - x - w), toY(y), toX(1 - x), toY(y + h)];
    case 270:
      return [toX(1 - y - h), toY(1 - x - w), toX(1 - y), toY(1 - x)];
    default:
      return [toX(x), toY(1 - y - h), toX(x + w), toY(1 - y)];
  }
}

const PHOTO_MARGIN = 36;

/**
 * A page showing the pupil's photo as handed in, fitted on A4 (turned to landscape for a
 * wide photo), so that a region's square lands over the part of the image it was drawn on.
 * Returns the page and the box the image fills.
 */
export async function insertPhotoPage(
  doc: PDFDocument,
  fonts: Fonts,
  original: ExportOriginal,
  at: number,
): Promise<{ page: PDFPage; imageBox: Box } | null> {
  let image: Awaited<ReturnType<PDFDocument['embedJpg']>>;
  try {
    image =
      original.kind === 'jpg'
        ? await doc.embedJpg(original.bytes)
        : await doc.embedPng(original.bytes);
  } catch {
    return null; // a photo pdf-lib cannot read: the export keeps the text and the list
  }
  const wide = image.width > image.height;
  const [pageWidth, pageHeight] = wide ? [A4.height, A4.width] : [A4.width, A4.height];
  const page = doc.insertPage(at, [pageWidth, pageHeight]);
  const label = 'The work as handed in';
  page.drawText(label, {
    x: PHOTO_MARGIN,
    y: pageHeight - PHOTO_MARGIN + 10,
    size: 9,
    font: fonts.regular.pdfFont,
    color: rgb(0.35, 0.35, 0.35),
  });
  const room = { width: pageWidth - 2 * PHOTO_MARGIN, height: pageHeight - 2 * PHOTO_MARGIN };
  const scale = Math.min(room.width / image.width, room.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const imageBox = {
    x: (pageWidth - width) / 2,
    y: PHOTO_MARGIN + (room.height - height) / 2,
    width,
    height,
  };
  page.drawImage(image, imageBox);
  return { page, imageBox };
}
