/**
 * The entry of every thread in the worker pool (pool.ts): pupils' files are parsed here,
 * never in the web server's thread, so a hostile or huge file can stall or exhaust only
 * this thread, and pdf.js (whose legacy build slows built-ins such as JSON.stringify for
 * the whole thread that loads it) stays out of the server. Loaded once per thread and
 * kept: each task after the first finds the parsers warm.
 */
import { parentPort } from 'node:worker_threads';
import { lowerThisThreadPriority, type TaskAnswer } from './platform/worker-pool';
import { LOCATE_PASSAGES_TASK, type LocatePassagesInput, locatePassages } from './work/exports';
import {
  EXTRACT_TEXT_TASK,
  ExtractionError,
  type ExtractTextInput,
  extractDocumentText,
} from './work/extraction';

lowerThisThreadPriority();

/** Each task by the name its caller asks for it (the work module owns name and types). */
const handlers: Record<string, (input: never) => Promise<unknown>> = {
  [EXTRACT_TEXT_TASK]: ({ bytes, kind }: ExtractTextInput) => extractDocumentText(bytes, kind),
  [LOCATE_PASSAGES_TASK]: ({ bytes, docText, queries }: LocatePassagesInput) =>
    locatePassages(bytes, docText, queries),
};

function failure(id: number, error: unknown): TaskAnswer {
  if (error instanceof ExtractionError) {
    return {
      id,
      ok: false,
      kind: 'ExtractionError',
      message: error.message,
      details: { reason: error.reason },
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { id, ok: false, kind: 'Error', message, details: {} };
}

parentPort?.on(
  'message',
  async ({ id, name, input }: { id: number; name: string; input: never }) => {
    let answer: TaskAnswer;
    try {
      const handler = handlers[name];
      if (!handler) throw new Error(`No task called ${name}`);
      answer = { id, ok: true, value: await handler(input) };
    } catch (error) {
      answer = failure(id, error);
    }
    parentPort?.postMessage(answer);
  },
);
