import { Worker } from 'node:worker_threads';
import { ExtractionError, type ExtractionFailure } from './errors';
import { type DocumentKind, extractText } from './extract-text';

const WORKER_URL = new URL('./extraction-worker.mjs', import.meta.url);
export const EXTRACTION_TIMEOUT_MS = 120_000;
const WORKER_HEAP_MB = 768;

export const TOO_SLOW =
  'This file took too long to read. It may be unusually large or damaged; open the original instead.';
const TOO_BIG = 'This file needs more memory to read than is allowed. Open the original instead.';

type WorkerAnswer =
  | { ok: true; text: string }
  | { ok: false; extraction: true; message: string; reason: ExtractionFailure }
  | { ok: false; extraction: false; message: string };

/**
 * Extracts text in a fresh worker thread with a memory ceiling and a time limit, so the
 * request path never waits on a parser. Photos go to OCR directly: tesseract.js already
 * runs in its own worker and keeps its model loaded between calls.
 */
export async function extractTextIsolated(
  bytes: Uint8Array,
  kind: DocumentKind,
  options: { timeoutMs?: number } = {},
): Promise<string> {
  if (kind === 'jpg' || kind === 'png') return extractText(bytes, kind);
  const worker = new Worker(WORKER_URL, {
    workerData: { bytes, kind },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  try {
    const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ExtractionError(TOO_SLOW, 'too-large')),
        options.timeoutMs ?? EXTRACTION_TIMEOUT_MS,
      );
      worker.once('message', (message: WorkerAnswer) => {
        clearTimeout(timer);
        resolve(message);
      });
      worker.once('error', (error: Error & { code?: string }) => {
        clearTimeout(timer);
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ExtractionError(TOO_BIG, 'too-large')
            : error,
        );
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Extraction worker stopped (exit code ${code})`));
      });
    });
    if (answer.ok) return answer.text;
    if (answer.extraction) throw new ExtractionError(answer.message, answer.reason);
    throw new Error(answer.message);
  } finally {
    await worker.terminate();
  }
}
