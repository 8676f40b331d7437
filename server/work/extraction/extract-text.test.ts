import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type DocumentKind,
  ExtractionError,
  extractText,
  normaliseText,
  shutdownOcr,
} from './extract-text';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const essay = fixture('essay.txt').toString('utf8').trim();

const WORD_DAMAGED = 'This Word document could not be opened. It may be damaged.';

/** Extracts, expecting an ExtractionError; returns it for further checks. */
async function failure(bytes: Uint8Array, kind: DocumentKind): Promise<ExtractionError> {
  const error = await extractText(bytes, kind).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}’]+/gu) ?? [];

/** Share of the expected words that OCR found, ignoring case and punctuation. */
function wordsFound(text: string, expected: string[]): number {
  const found = new Set(wordsOf(text));
  return expected.filter((word) => found.has(word)).length / expected.length;
}

/** Share of the expected words read, in order (longest common subsequence of words). */
function wordAccuracy(text: string, expected: string): number {
  const [got, want] = [wordsOf(text), wordsOf(expected)];
  let row = new Array<number>(want.length + 1).fill(0);
  for (const word of got) {
    const next = [0];
    want.forEach((wanted, j) => {
      next.push(word === wanted ? row[j]! + 1 : Math.max(row[j + 1]!, next[j]!));
    });
    row = next;
  }
  return row[want.length]! / Math.max(want.length, got.length);
}

afterAll(shutdownOcr);

describe('extractText from documents', () => {
  it('reads a .docx word for word, one blank line between paragraphs', async () => {
    expect(await extractText(fixture('essay.docx'), 'docx')).toBe(essay);
  });

  it('reads a .doc word for word, curly quotes and dashes kept', async () => {
    const text = await extractText(fixture('essay.doc'), 'doc');
    expect(text).toBe(essay);
    expect(text).toContain('The keeper’s cottage');
    expect(text).toContain('in a storm — my legs');
  });

  it('rebuilds the paragraphs of a two-page PDF without page numbers or line wraps', async () => {
    const text = await extractText(fixture('essay.pdf'), 'pdf');
    expect(text).toBe(essay);
    // The paragraph that runs over the page break stays one paragraph.
    expect(text).toContain('anything else. Next summer I want');
    expect(text).not.toMatch(/\r|\n\n\d+\n\n/);
  });

  it("leaves the caller's bytes usable for another read", async () => {
    const bytes = fixture('essay.pdf');
    await extractText(bytes, 'pdf');
    expect(await extractText(bytes, 'pdf')).toBe(essay);
  });
});

describe('extractText from pictures (OCR)', () => {
  it('reads the printed lines of a PNG photo', async () => {
    const text = await extractText(fixture('homework.png'), 'png');
    const expected = ['homework', 'friday', 'chapter', 'secret', 'garden', 'mary', 'robin'];
    expect(wordsFound(text, [...expected, 'rusty', 'key', 'sentences', 'feels'])).toBeGreaterThan(
      0.9,
    );
    expect(text).toBe(text.trim());
    expect(text).not.toContain('\r');
  });

  it('reads the printed lines of a JPEG photo', async () => {
    const text = await extractText(fixture('science-notes.jpg'), 'jpg');
    const expected = ['science', 'club', 'plants', 'light', 'water', 'bean', 'seedlings'];
    expect(
      wordsFound(text, [...expected, 'centimetres', 'measure', 'monday', 'morning']),
    ).toBeGreaterThan(0.9);
  });

  it('reads a photo of a printed essay page, paragraphs and all', async () => {
    const text = await extractText(fixture('essay-page.jpg'), 'jpg');
    const firstPage = essay.slice(0, essay.indexOf('anything else. Next') + 19);
    expect(wordAccuracy(text, firstPage)).toBeGreaterThan(0.97);
    expect(text.split('\n\n')).toHaveLength(firstPage.split('\n\n').length);
  });

  it('reads pictures sent at the same time, one after the other', async () => {
    const [png, jpg] = await Promise.all([
      extractText(fixture('homework.png'), 'png'),
      extractText(fixture('science-notes.jpg'), 'jpg'),
    ]);
    expect(png.toLowerCase()).toContain('robin');
    expect(jpg.toLowerCase()).toContain('seedlings');
  });

  it('finds no text on a photo of blank paper, rather than reading its grain', async () => {
    const error = await failure(fixture('blank-page.jpg'), 'jpg');
    expect(error.message).toBe('No text was found in this picture.');
    expect(error.reason).toBe('empty');
  });

  it('says a broken picture is damaged', async () => {
    const png = fixture('homework.png');
    const broken = Buffer.concat([png.subarray(0, 8), Buffer.alloc(2000, 7)]);
    const error = await failure(broken, 'png');
    expect(error.message).toBe('This picture is damaged or in a format that could not be read.');
  });
});

describe('extractText with files it cannot read', () => {
  it('says a truncated PDF is damaged', async () => {
    const error = await failure(fixture('damaged.pdf'), 'pdf');
    expect(error.message).toBe('This PDF is damaged and its text could not be read.');
    expect(error.reason).toBe('damaged');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('says a PDF is protected by a password', async () => {
    const error = await failure(fixture('encrypted.pdf'), 'pdf');
    expect(error.message).toMatch(/^This PDF is protected by a password/);
    expect(error.reason).toBe('encrypted');
  });

  it('says a PDF without text has none, and suggests a photo for scans', async () => {
    const error = await failure(fixture('empty.pdf'), 'pdf');
    expect(error.message).toMatch(/^No text was found in this file\. If it is a scanned page/);
    expect(error.reason).toBe('empty');
  });

  it('says a truncated .docx, or a zip that is not one, could not be opened', async () => {
    expect((await failure(fixture('damaged.docx'), 'docx')).message).toBe(WORD_DAMAGED);
    expect((await failure(fixture('not-word.docx'), 'docx')).message).toBe(WORD_DAMAGED);
  });

  it('says a .docx without text has none', async () => {
    expect((await failure(fixture('empty.docx'), 'docx')).message).toBe(
      'No text was found in this file.',
    );
  });

  it('says a password-protected .docx is protected', async () => {
    // What Word writes: an OLE container (not a zip) with an "EncryptedPackage" stream.
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const name = Buffer.from('EncryptedPackage', 'utf16le');
    const error = await failure(Buffer.concat([ole, Buffer.alloc(1000), name]), 'docx');
    expect(error.message).toMatch(/^This Word document is protected by a password/);
    expect(error.reason).toBe('encrypted');
  });

  it('says a truncated .doc could not be opened', async () => {
    const doc = fixture('essay.doc');
    expect((await failure(doc.subarray(0, 3000), 'doc')).message).toBe(WORD_DAMAGED);
  });

  it.each<[string, DocumentKind, string]>([
    ['homework.png', 'pdf', 'This file is not a PDF'],
    ['essay.pdf', 'docx', 'This file is not a Word document (.docx)'],
    ['essay.docx', 'doc', 'This file is not a Word 97–2003 document (.doc)'],
    ['essay.doc', 'docx', 'This file is not a Word document (.docx)'],
    ['science-notes.jpg', 'png', 'This file is not a PNG picture'],
    ['homework.png', 'jpg', 'This file is not a JPEG picture'],
  ])('says %s sent as %s is the wrong kind of file', async (name, kind, message) => {
    const error = await failure(fixture(name), kind);
    expect(error.message.startsWith(message)).toBe(true);
    expect(error.reason).toBe('wrong-kind');
  });

  it('says an empty upload is empty', async () => {
    expect((await failure(new Uint8Array(0), 'pdf')).message).toBe('This file is empty.');
  });
});

describe('normaliseText', () => {
  it('uses \\n for every line end and at most one blank line between paragraphs', () => {
    expect(normaliseText('One\r\ntwo\rthree\n\n\n\nFour\f\u2029five')).toBe(
      'One\ntwo\nthree\n\nFour\n\nfive',
    );
  });

  it('trims, collapses runs of spaces and drops control characters and BOMs', () => {
    expect(normaliseText('\ufeff  Hello  \u0007world \n  next\t\tline  ')).toBe(
      'Hello world\nnext\tline',
    );
  });

  it('keeps a lone no-break space and composes accents', () => {
    expect(normaliseText('10\u00a0000 cafe\u0301')).toBe('10\u00a0000 café');
  });
});
