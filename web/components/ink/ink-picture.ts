import { INK_RGB, type Ink, inkBounds, inkOpacity, strokePath } from '@contract/ink';
import { MAX_REGION_CROP_SIDE } from '@contract/region-limits';

/** The picture the teacher's list shows; the server shrinks it further if need be. */
const PICTURE_SIDE = Math.min(600, MAX_REGION_CROP_SIDE);

/**
 * A PNG of the drawing over the part of the page it covers, cut from pdf.js's canvas of that
 * page (or the photo) with the strokes drawn on it, as a data: URL; null when the page is
 * not drawn yet. The server cuts photos itself; this one goes with a PDF page's drawing.
 */
export function inkPicture(overlay: Element | null, ink: Ink): string | null {
  const frame = overlay?.closest('[data-page-number]');
  const source = frame?.querySelector('canvas') ?? frame?.querySelector('img');
  if (!source) return null;
  const [width, height] =
    source instanceof HTMLCanvasElement
      ? [source.width, source.height]
      : [(source as HTMLImageElement).naturalWidth, (source as HTMLImageElement).naturalHeight];
  if (!width || !height) return null;
  const region = inkBounds(ink);
  const sx = region.x * width;
  const sy = region.y * height;
  const sw = Math.max(1, region.width * width);
  const sh = Math.max(1, region.height * height);
  const scale = Math.min(1, PICTURE_SIDE / sw, PICTURE_SIDE / sh);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(sw * scale));
  canvas.height = Math.max(1, Math.round(sh * scale));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(source, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
  // The strokes in the page's pixels, moved and scaled onto the cut.
  context.setTransform(scale, 0, 0, scale, -sx * scale, -sy * scale);
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of ink.strokes) {
    const [r, g, b] = INK_RGB[stroke.colour].map((c) => Math.round(c * 255));
    context.globalAlpha = inkOpacity(stroke.tool);
    context.globalCompositeOperation = stroke.tool === 'highlighter' ? 'multiply' : 'source-over';
    context.strokeStyle = `rgb(${r} ${g} ${b})`;
    context.lineWidth = stroke.width * width;
    context.stroke(new Path2D(strokePath(stroke, width, height)));
  }
  try {
    return canvas.toDataURL('image/png');
  } catch {
    return null; // a tainted canvas: the server's picture (photos) or none (PDF)
  }
}
