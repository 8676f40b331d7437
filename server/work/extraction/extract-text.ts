/**
 * Plain text of a pupil's file, read on this machine: no service, no network. Every
 * failure caused by the file itself is an ExtractionError whose message a teacher can read.
 */
import { extractDoc } from './engines/doc';
import { extractDocx } from './engines/docx';
import { extractImage } from './engines/ocr';
import { extractPdf } from './engines/pdf';
import { ExtractionError, MAX_TEXT_CHARS, TOO_MUCH_TEXT, WORD_ENCRYPTED } from './errors';
import { pageStartsOf } from './page-starts';

export { shutdownOcr } from './engines/ocr';
export { ExtractionError, type ExtractionFailure } from './errors';

import type { DocumentKind } from '../../records/documents';

export type { DocumentKind };

/** An engine's text, with the letters on each page of the file where it has pages. */
type EngineText = { text: string; pageLetters: number[] | null };

const withoutPages = async (text: Promise<string>) => ({ text: await text, pageLetters: null });
/** A photo is one page of the pupil's work, however much is written on it. */
const onePage = async (text: Promise<string>) => ({ text: await text, pageLetters: [0] });

const engines: Record<DocumentKind, (bytes: Uint8Array) => Promise<EngineText>> = {
  pdf: extractPdf,
  docx: extractDocx,
  doc: (bytes) => withoutPages(extractDoc(bytes)),
  jpg: (bytes) => onePage(extractImage(bytes)),
  png: (bytes) => onePage(extractImage(bytes)),
};

/**
 * The tidied text, and where each page of the pupil's file starts in it (offsets, the
 * first 0); null for a file without pages of its own (a .doc, a .docx without page breaks).
 */
export interface ExtractedText {
  text: string;
  pageStarts: number[] | null;
}

const names: Record<DocumentKind, string> = {
  pdf: 'a PDF',
  docx: 'a Word document (.docx)',
  doc: 'a Word 97–2003 document (.doc)',
  jpg: 'a JPEG picture',
  png: 'a PNG picture',
};

const NO_TEXT: Record<DocumentKind, string> = {
  pdf:
    'No text was found in this file. If it is a scanned page, ask for a photo of it ' +
    '(JPEG or PNG) instead.',
  docx: 'No text was found in this file.',
  doc: 'No text was found in this file.',
  jpg: 'No text was found in this picture.',
  png: 'No text was found in this picture.',
};

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function hasSignature(bytes: Uint8Array, kind: DocumentKind): boolean {
  switch (kind) {
    case 'pdf':
      // Readers accept junk before the header, and so does pdf.js.
      return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');
    case 'docx':
      return startsWith(bytes, ZIP);
    case 'doc':
      return startsWith(bytes, OLE);
    case 'jpg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  }
}

/** Word saves a password-protected .docx as an OLE container holding "EncryptedPackage". */
const isEncryptedOffice = (bytes: Uint8Array) =>
  startsWith(bytes, OLE) && Buffer.from(bytes).includes('EncryptedPackage', 0, 'utf16le');

function checkSignature(bytes: Uint8Array, kind: DocumentKind): void {
  if (bytes.length === 0) throw new ExtractionError('This file is empty.', 'empty');
  if (hasSignature(bytes, kind)) return;
  if (kind === 'docx' && isEncryptedOffice(bytes)) {
    throw new ExtractionError(WORD_ENCRYPTED, 'encrypted');
  }
  throw new ExtractionError(
    `This file is not ${names[kind]}, although it was sent as one. ` +
      'It may have been renamed from another type of file.',
    'wrong-kind',
  );
}

/** Unix line ends, no control characters, single spaces, at most one blank line in a row. */
export function normaliseText(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?|[\u2028\u2029\v\f]/g, '\n')
      .replace(/[^\P{Cc}\t\n]|\ufeff/gu, '')
      // A lone no-break space is kept: it holds "10 000" or "Mr Smith" together.
      .replace(/[^\S\n]{2,}|\t/g, (spaces) => (spaces.includes('\t') ? '\t' : ' '))
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

export async function extractDocumentText(
  bytes: Uint8Array,
  kind: DocumentKind,
): Promise<ExtractedText> {
  checkSignature(bytes, kind);
  let raw: EngineText;
  try {
    raw = await engines[kind](bytes);
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    // Engines wrap their own errors; this catches what a library throws unexpectedly.
    throw new ExtractionError(
      `This file could not be read. It may be damaged, or not really ${names[kind]}.`,
      'damaged',
      { cause: error },
    );
  }
  const text = normaliseText(raw.text);
  if (text === '') throw new ExtractionError(NO_TEXT[kind], 'empty');
  if (text.length > MAX_TEXT_CHARS) throw new ExtractionError(TOO_MUCH_TEXT, 'too-large');
  return { text, pageStarts: raw.pageLetters ? pageStartsOf(text, raw.pageLetters) : null };
}

export async function extractText(bytes: Uint8Array, kind: DocumentKind): Promise<string> {
  return (await extractDocumentText(bytes, kind)).text;
}
