import { describe, expect, it } from 'vitest';
import { itemSpans, pdfLetters, pdfToText, textLetters, textToPdf } from './passage-map';

// The extracted text (reflowed: header gone, "com- pile" mended) in two 300-word pages,
// and the PDF's text items as pdf.js reads them, line by line.
const textPages = [
  'The river starts high in the hills.\n\nIt has to compile its water from many streams, and then it flows.',
  'At the sea the river ends. The river starts again as rain.',
];
const pdfItems = [
  [
    'Year 9 English',
    'The river starts high',
    ' in the hills.',
    'It has to com-',
    'pile its water from',
  ],
  [
    'many streams, and then it flows. At the sea',
    'the river ends. The river starts again as rain.',
    '2',
  ],
];

const text = textLetters(textPages);
const pdf = pdfLetters(pdfItems);

/** Letters [from, to) of the PDF covering `quote` in item `item` of page `page`. */
function select(page: number, item: number, quote: string) {
  const str = pdfItems[page]![item]!;
  const at = str.indexOf(quote);
  const start = pdf.itemStart[page]![item]!;
  let from = start;
  while (pdf.unit[from]! < at) from++;
  let to = from;
  while (
    to < pdf.letters.length &&
    pdf.item[to] === item &&
    pdf.page[to] === page &&
    pdf.unit[to]! < at + quote.length
  )
    to++;
  return { from, to };
}

describe('passage map between the page view and the text view', () => {
  it('gives a selection on the page the offsets of the same words in the text', () => {
    const { from, to } = select(0, 1, 'river starts high');
    const passage = pdfToText(text, textPages, pdf, from, to, 'river starts high');
    expect(passage).toEqual({
      pageNumber: 1,
      start: textPages[0]!.indexOf('river starts high'),
      end: textPages[0]!.indexOf('river starts high') + 'river starts high'.length,
      text: 'river starts high',
    });
  });

  it('carries a selection over a hyphenated line end and keeps a closing full stop', () => {
    const start = select(0, 3, 'com-');
    const end = select(1, 0, 'then it flows.');
    const passage = pdfToText(
      text,
      textPages,
      pdf,
      start.from,
      end.to,
      'com-\npile its water from\nmany streams, and then it flows.',
    );
    expect(passage?.text).toBe('compile its water from many streams, and then it flows.');
    expect(passage?.pageNumber).toBe(1);
  });

  it('picks the occurrence by its rank when a phrase repeats', () => {
    const second = select(1, 1, 'The river starts');
    const passage = pdfToText(text, textPages, pdf, second.from, second.to, 'The river starts');
    expect(passage).toMatchObject({
      pageNumber: 2,
      start: textPages[1]!.indexOf('The river starts'),
    });
  });

  it('finds a text passage among the PDF’s items, across a line break', () => {
    const start = textPages[0]!.indexOf('compile');
    const spans = textToPdf(text, textPages, pdf, {
      pageNumber: 1,
      start,
      end: start + 'compile its'.length,
    });
    expect(spans).toEqual([
      { page: 0, item: 3, from: 10, to: 13 },
      { page: 0, item: 4, from: 0, to: 8 },
    ]);
    expect(itemSpans(pdf, 0, 0)).toEqual([]);
  });

  it('finds nothing for words that are not in the PDF', () => {
    const other = pdfLetters([['Something else entirely']]);
    expect(textToPdf(text, textPages, other, { pageNumber: 1, start: 0, end: 9 })).toEqual([]);
    expect(pdfToText(text, textPages, other, 0, 9, 'Something')).toBeNull();
  });
});
