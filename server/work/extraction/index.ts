/*
 * Reading pupils' files: text from PDF, Word and photos (OCR, offline), reflowed into
 * paragraphs; the job that reads a hand-in, the periodic re-reading of older text, and the
 * worker-pool task that does the parsing off the server's thread.
 */
import type { DocumentKind } from '../../records/documents';

export { ExtractionError, type ExtractionFailure } from './errors';
export { EXTRACTION_VERSION, extractionJobHandler } from './extraction-job';
export { EXTRACT_TEXT_TASK, type ExtractTextInput, extractTextIsolated } from './isolated';
export type { PlacedLine } from './layout';
export { dropRunningLines, findGutter, pageRuns, type Run, readingOrder } from './page-geometry';
export { queueReextraction, reextractionTask } from './reextraction';

/**
 * The text and where each page of the file starts in it (what the extraction job stores).
 * Loaded with the first file read: pdf.js, mammoth and the OCR engine stay out of start.
 */
export async function extractDocumentText(bytes: Uint8Array, kind: DocumentKind) {
  return (await import('./extract-text')).extractDocumentText(bytes, kind);
}
