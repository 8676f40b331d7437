import { Worker } from 'node:worker_threads';

export type OneShotThread = {
  /** What the thread is given (structured clone). */
  workerData: unknown;
  /** Its heap ceiling: a hostile or huge input exhausts only this thread. */
  heapMb: number;
  timeoutMs: number;
  /** The error's message when the time is up ("Face detection took too long"). */
  timeoutMessage: string;
  /** Names the thread in the error when it stops without answering ("Face detection worker"). */
  name: string;
};

/**
 * Runs a worker module in a fresh thread and resolves with the one message it posts; the
 * thread is ended afterwards, whatever happened, and takes its memory with it. For work
 * that loads a large model or runs seconds of arithmetic once in a while, where a pooled
 * thread (runTask) would keep the model's memory between uses.
 */
export async function answerOfOneShotThread<Answer>(
  workerUrl: URL,
  thread: OneShotThread,
): Promise<Answer> {
  const worker = new Worker(workerUrl, {
    workerData: thread.workerData,
    resourceLimits: { maxOldGenerationSizeMb: thread.heapMb },
  });
  try {
    return await new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(thread.timeoutMessage)), thread.timeoutMs);
      worker.once('message', (message: Answer) => {
        clearTimeout(timer);
        resolve(message);
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${thread.name} stopped (exit code ${code})`));
      });
    });
  } finally {
    await worker.terminate();
  }
}
