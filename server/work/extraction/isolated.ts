import {
  runTask,
  WorkerMemoryError,
  WorkerTaskError,
  WorkerTimeoutError,
} from '../../platform/worker-pool';
import { ExtractionError, type ExtractionFailure } from './errors';
import type { DocumentKind, ExtractedText } from './extract-text';

/** The worker pool's task that reads a file's text (server/pool-worker.ts runs it). */
export const EXTRACT_TEXT_TASK = 'extract-text';
export type ExtractTextInput = { bytes: Uint8Array; kind: DocumentKind };

export const EXTRACTION_TIMEOUT_MS = 120_000;

export const TOO_SLOW =
  'This file took too long to read. It may be unusually large or damaged; open the original instead.';
const TOO_BIG = 'This file needs more memory to read than is allowed. Open the original instead.';

/**
 * Extracts text in a thread of the worker pool (platform/worker-pool), with the thread's memory
 * ceiling and a time limit, so the request path never waits on a parser. A file that runs
 * over either fails with an ExtractionError (permanent: reading it again would do the
 * same); a thread that crashed for another reason is a plain error, tried again later.
 */
export async function extractTextIsolated(
  bytes: Uint8Array,
  kind: DocumentKind,
  options: { timeoutMs?: number } = {},
): Promise<ExtractedText> {
  try {
    return await runTask<ExtractedText>(
      EXTRACT_TEXT_TASK,
      { bytes, kind } satisfies ExtractTextInput,
      {
        timeoutMs: options.timeoutMs ?? EXTRACTION_TIMEOUT_MS,
      },
    );
  } catch (error) {
    if (error instanceof WorkerTimeoutError) throw new ExtractionError(TOO_SLOW, 'too-large');
    if (error instanceof WorkerMemoryError) throw new ExtractionError(TOO_BIG, 'too-large');
    if (error instanceof WorkerTaskError && error.kind === 'ExtractionError') {
      throw new ExtractionError(error.message, error.details.reason as ExtractionFailure);
    }
    throw error;
  }
}
