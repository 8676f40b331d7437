/**
 * Runs in a worker thread (see isolated.ts): the parsers work on the pupil's bytes here,
 * so a hostile or huge file can stall or exhaust only this thread, never the server.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ExtractionError } from './errors';
import { type DocumentKind, extractText } from './extract-text';

const { bytes, kind } = workerData as { bytes: Uint8Array; kind: DocumentKind };

extractText(bytes, kind).then(
  (text) => parentPort?.postMessage({ ok: true, text }),
  (error: unknown) =>
    parentPort?.postMessage(
      error instanceof ExtractionError
        ? { ok: false, extraction: true, message: error.message, reason: error.reason }
        : {
            ok: false,
            extraction: false,
            message: error instanceof Error ? error.message : String(error),
          },
    ),
);
