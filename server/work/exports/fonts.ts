import { readFile } from 'node:fs/promises';
import * as fontkitModule from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { fontPath } from '../../platform/fonts';

/*
 * The standard PDF fonts only encode WinAnsi, so names such as "Łukasz" or "Nguyễn" would
 * throw: the exports embed DejaVu Sans (platform/fonts).
 */

// The package is a UMD bundle: under Node's ESM loader its API sits on `default`.
const fontkitApi =
  (fontkitModule as unknown as { default?: typeof fontkitModule }).default ?? fontkitModule;

/*
 * Parsing a 700 KB font and building its layout tables took about half of each render.
 * pdf-lib asks fontkit for a new font object per document; handing back the parsed one is
 * safe because each document takes its own subset of it (font.createSubset()).
 */
const parsed = new WeakMap<Uint8Array, ReturnType<typeof fontkitApi.create>>();
const fontkit = {
  ...fontkitApi,
  create(buffer: Uint8Array, postscriptName?: string) {
    let font = parsed.get(buffer);
    if (!font) {
      font = fontkitApi.create(buffer, postscriptName);
      parsed.set(buffer, font);
    }
    return font;
  },
};

let cached: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

function fontBytes() {
  cached ??= Promise.all([
    readFile(fontPath('DejaVuSans.ttf')),
    readFile(fontPath('DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return cached;
}

export interface Fonts {
  regular: MeasuredFont;
  bold: MeasuredFont;
}

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const bytes = await fontBytes();
  doc.registerFontkit(fontkit);
  // Ligatures off: then a line's width is the sum of its characters' widths, which is
  // what lets a highlight land exactly on the characters it covers.
  const options = { subset: true, features: { liga: false, clig: false, dlig: false } };
  const [regular, bold] = await Promise.all([
    doc.embedFont(bytes.regular, options),
    doc.embedFont(bytes.bold, options),
  ]);
  return { regular: new MeasuredFont(regular), bold: new MeasuredFont(bold) };
}

/** A font with per-character widths cached: layout asks for every character's width. */
export class MeasuredFont {
  private readonly widths = new Map<string, number>();

  constructor(readonly pdfFont: PDFFont) {}

  /** Width at size 1 of one code point. */
  charWidth(char: string): number {
    let width = this.widths.get(char);
    if (width === undefined) {
      width = this.pdfFont.widthOfTextAtSize(char, 1);
      this.widths.set(char, width);
    }
    return width;
  }

  widthOf(text: string, size: number): number {
    let total = 0;
    for (const char of drawable(text)) total += this.charWidth(char);
    return total * size;
  }
}

/**
 * Control characters (tabs, stray carriage returns) have no glyph; each becomes a space so
 * that the drawn string keeps the same length as the text its offsets point into.
 */
export function drawable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}
