/**
 * The entry of every thread in the worker pool (pool.ts): pupils' files are parsed here,
 * never in the web server's thread, so a hostile or huge file can stall or exhaust only
 * this thread, and pdf.js (whose legacy build slows built-ins such as JSON.stringify for
 * the whole thread that loads it) stays out of the server. Loaded once per thread and
 * kept: each task after the first finds the parsers warm.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { locatePassages } from '../exports';
import { ExtractionError } from '../extraction/errors';
import { extractText } from '../extraction/extract-text';
import type { TaskAnswer } from './pool';
import type { TaskInput, TaskName } from './tasks';

/**
 * Niceness of this thread (Linux): above the server thread's 0, so that when both want a
 * core the server's requests go first and the files are read with what is left. Threads
 * started from here (tesseract.js's) inherit it.
 */
export const POOL_THREAD_NICENESS = 10;

function yieldToTheServer(): void {
  try {
    // /proc/thread-self is "<pid>/task/<tid>"; setpriority on a thread id sets that thread's.
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (threadId > 0) setPriority(threadId, POOL_THREAD_NICENESS);
  } catch {
    // Not Linux, or not allowed: the thread runs at the server's priority.
  }
}
yieldToTheServer();

const handlers: { [name in TaskName]: (input: TaskInput<name>) => Promise<unknown> } = {
  'extract-text': ({ bytes, kind }) => extractText(bytes, kind),
  'locate-passages': ({ bytes, docText, queries }) => locatePassages(bytes, docText, queries),
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
  async ({ id, name, input }: { id: number; name: TaskName; input: never }) => {
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
