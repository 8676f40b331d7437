/** What a pupil handed in, by the extension its stored file was given when checked. */
export type DocumentKind = 'pdf' | 'docx' | 'doc' | 'jpg' | 'png';

const KIND_BY_EXTENSION: Record<string, DocumentKind> = {
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
};

export function documentKindOf(storageKey: string): DocumentKind | null {
  const extension = storageKey.split('.').pop()?.toLowerCase() ?? '';
  return KIND_BY_EXTENSION[extension] ?? null;
}

/**
 * The job that reads a handed-in file's text. A document queues it (in the transaction that
 * creates or re-reads it); the extraction module runs it.
 */
export const EXTRACT_TEXT_JOB = 'extract-text';
