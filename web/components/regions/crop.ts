import type { Region } from '@contract/feedback';
import { MAX_REGION_CROP_SIDE } from '@contract/region-limits';

/** The picture the teacher's list shows; the server shrinks it further if need be. */
const CROP_SIDE = Math.min(600, MAX_REGION_CROP_SIDE);

/** Where a cut lies on its page, for whatever is drawn over it. */
export type PageCut = { width: number; height: number; sx: number; sy: number; scale: number };

/**
 * A PNG of the region as the page shows it, cut from pdf.js's canvas of that page (or the
 * photo), as a data: URL; null when the page is not drawn yet. Photos are cropped again
 * on the server from the file itself: this one is only for PDF pages and the preview.
 * `drawOver` paints on the cut in the page's own pixels (a drawing's strokes).
 */
export function cropFromPage(
  overlay: Element | null,
  region: Region,
  drawOver?: (context: CanvasRenderingContext2D, cut: PageCut) => void,
): string | null {
  const frame = overlay?.closest('[data-page-number]');
  const source = frame?.querySelector('canvas') ?? frame?.querySelector('img');
  if (!source) return null;
  const [width, height] =
    source instanceof HTMLCanvasElement
      ? [source.width, source.height]
      : [(source as HTMLImageElement).naturalWidth, (source as HTMLImageElement).naturalHeight];
  if (!width || !height) return null;
  const sx = region.x * width;
  const sy = region.y * height;
  const sw = Math.max(1, region.width * width);
  const sh = Math.max(1, region.height * height);
  const scale = Math.min(1, CROP_SIDE / sw, CROP_SIDE / sh);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(sw * scale));
  canvas.height = Math.max(1, Math.round(sh * scale));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(source, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
  drawOver?.(context, { width, height, sx, sy, scale });
  try {
    return canvas.toDataURL('image/png');
  } catch {
    return null; // a tainted canvas: the server's crop (photos) or none (PDF)
  }
}

/** Whether the page is a PDF page (drawn on a canvas) rather than a photo. */
export function isPdfPage(overlay: Element | null): boolean {
  return Boolean(overlay?.closest('[data-page-number]')?.querySelector('canvas'));
}
