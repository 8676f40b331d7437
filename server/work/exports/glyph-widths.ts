import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

/*
 * pdf.js reports where a text item starts and how wide it is, not where each glyph is.
 * To put a highlight on part of an item, the split is estimated with the proportions of
 * the standard font of the same kind (pdf.js tells serif, sans-serif or monospace), which
 * lands within a fraction of a letter on ordinary text.
 */

export type FontFamily = 'serif' | 'sans-serif' | 'monospace';

let metrics: { serif: PDFFont; sans: PDFFont } | undefined;
const cache = { serif: new Map<string, number>(), sans: new Map<string, number>() };

export async function loadStandardMetrics(): Promise<void> {
  if (metrics) return;
  // Only the fonts' metrics are used: the throwaway document is never saved.
  const doc = await PDFDocument.create();
  metrics = {
    serif: doc.embedStandardFont(StandardFonts.TimesRoman),
    sans: doc.embedStandardFont(StandardFonts.Helvetica),
  };
}

export function familyOf(name: string | undefined): FontFamily {
  return name === 'serif' || name === 'monospace' ? name : 'sans-serif';
}

/** Width at size 1 of `text` in a font of that family (a count of units in monospace). */
export function estimateWidth(text: string, family: FontFamily): number {
  if (!metrics || family === 'monospace') return [...text].length;
  const kind = family === 'serif' ? 'serif' : 'sans';
  const font = metrics[kind];
  const widths = cache[kind];
  let total = 0;
  for (const char of text) {
    let width = widths.get(char);
    if (width === undefined) {
      try {
        width = font.widthOfTextAtSize(char, 1);
      } catch {
        width = 0.5; // a character the standard font cannot encode: an average letter
      }
      widths.set(char, width);
    }
    total += width;
  }
  return total;
}
