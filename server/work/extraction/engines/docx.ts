import { createRequire } from 'node:module';
import { ExtractionError, WORD_DAMAGED } from '../errors';
import { countLetters } from '../page-starts';

// mammoth's own reader of the document, below its extractRawText: that function joins the
// text and drops page breaks, which number the pupil's pages. Pinned by package.json's range.
const require = createRequire(import.meta.url);
const unzip = require('mammoth/lib/unzip') as {
  openZip(input: { buffer: Buffer }): PromiseLike<unknown>;
};
const docxReader = require('mammoth/lib/docx/docx-reader') as {
  read(zip: unknown): PromiseLike<{ value: Element }>;
};

interface Element {
  type: string;
  value?: string;
  breakType?: string;
  children?: Element[];
}

/**
 * The text as mammoth's extractRawText gives it (every paragraph followed by a blank line,
 * a tab as a tab), cut into pages at the author's page breaks.
 */
function pagesOf(document: Element): string[] {
  const pages: string[] = [];
  let page = '';
  const walk = (element: Element) => {
    if (element.type === 'text') page += element.value ?? '';
    else if (element.type === 'tab') page += '\t';
    else if (element.type === 'break' && element.breakType === 'page') {
      pages.push(page);
      page = '';
    } else {
      for (const child of element.children ?? []) walk(child);
      if (element.type === 'paragraph') page += '\n\n';
    }
  };
  walk(document);
  pages.push(page);
  return pages;
}

/**
 * Text of a .docx, and how many letters each page between the author's page breaks holds
 * (null without a page break: Word lays the rest out as it goes, and the file does not say).
 */
export async function extractDocx(
  bytes: Uint8Array,
): Promise<{ text: string; pageLetters: number[] | null }> {
  let pages: string[];
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const result = await docxReader.read(await unzip.openZip({ buffer }));
    pages = pagesOf(result.value);
  } catch (error) {
    // A zip without word/document.xml, or a zip cut short.
    throw new ExtractionError(WORD_DAMAGED, 'damaged', { cause: error });
  }
  return {
    text: pages.join(''),
    pageLetters: pages.length > 1 ? pages.map(countLetters) : null,
  };
}
