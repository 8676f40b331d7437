import { INK_RGB, type Ink, inkBounds, inkOpacity, strokePath } from '@contract/ink';
import { cropFromPage } from '@web/components/regions/crop';

/**
 * A PNG of the drawing over the part of the page it covers, cut from pdf.js's canvas of that
 * page (or the photo) with the strokes drawn on it, as a data: URL; null when the page is
 * not drawn yet. The server cuts photos itself; this one goes with a PDF page's drawing.
 */
export function inkPicture(overlay: Element | null, ink: Ink): string | null {
  return cropFromPage(overlay, inkBounds(ink), (context, { width, height, sx, sy, scale }) => {
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
  });
}
