import { Document, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { describe, expect, it } from 'vitest';
import { lettersOf } from '../../../contract/passage-letters';
import { documentPages } from '../../records/documents';
import { extractDocumentText } from './extract-text';
import { INDENTED_ESSAY, layoutPdf, sampleDocument } from './pdfs.test-support';

/** Each PDF page's letters as pdf.js reads them (body, then running header and footer). */
async function pdfPageLetters(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    const items = content.items.filter((item): item is TextItem => 'str' in item);
    pages.push(lettersOf(items.map((item) => item.str).join(' ')).letters);
  }
  await pdf.destroy();
  return pages;
}

describe('the pages of the pupil’s file, found when its text is read', () => {
  it('starts each page of a PDF where its words start, and reads none on another page', async () => {
    const bytes = await layoutPdf(sampleDocument(5, 24), INDENTED_ESSAY);
    const perPage = await pdfPageLetters(bytes);
    expect(perPage.length).toBeGreaterThanOrEqual(4);
    const { text, pageStarts } = await extractDocumentText(bytes, 'pdf');
    expect(pageStarts).toHaveLength(perPage.length);
    const bounds = [...pageStarts!, text.length];
    perPage.forEach((letters, i) => {
      const onPage = lettersOf(text.slice(bounds[i], bounds[i + 1])).letters;
      expect(onPage.length).toBeGreaterThan(0);
      // The page's words, whole, without its running header and page number.
      expect(letters).toContain(onPage);
    });
    // Its text pages are numbered by the PDF's pages, a long page read in parts.
    const { pageNumbers, pageCount } = documentPages({
      extractedContent: text,
      sourcePageStarts: pageStarts,
    });
    expect(pageCount).toBe(perPage.length);
    expect([...new Set(pageNumbers)]).toEqual(perPage.map((_, i) => i + 1));
  }, 60_000);

  it('cuts a Word document at its page breaks, and leaves one without them in 300-word pages', async () => {
    const paragraph = (text: string) => new Paragraph({ children: [new TextRun(text)] });
    const withBreaks = new Document({
      sections: [
        {
          children: [
            paragraph('The Water'),
            new Paragraph({ children: [new TextRun('Cycle begins here.'), new PageBreak()] }),
            paragraph('Second page words.'),
            new Paragraph({ children: [new PageBreak()] }),
            paragraph('Third page words.'),
          ],
        },
      ],
    });
    const read = await extractDocumentText(await Packer.toBuffer(withBreaks), 'docx');
    expect(read.pageStarts).toHaveLength(3);
    const { pages, pageNumbers } = documentPages({
      extractedContent: read.text,
      sourcePageStarts: read.pageStarts,
    });
    expect(pages).toEqual([
      'The Water\n\nCycle begins here.',
      'Second page words.',
      'Third page words.',
    ]);
    expect(pageNumbers).toEqual([1, 2, 3]);

    const plain = new Document({ sections: [{ children: [paragraph('No breaks at all.')] }] });
    expect(await extractDocumentText(await Packer.toBuffer(plain), 'docx')).toEqual({
      text: 'No breaks at all.',
      pageStarts: null,
    });
  });
});
