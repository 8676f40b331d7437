import { describe, expect, it } from 'vitest';
import { answerOfOneShotThread } from './one-shot';

const moduleUrl = (source: string) => new URL(`data:text/javascript,${encodeURIComponent(source)}`);
const thread = {
  workerData: { n: 20 },
  heapMb: 64,
  timeoutMs: 5_000,
  timeoutMessage: 'Counting took too long',
  name: 'Counting worker',
};

describe('a one-shot worker thread', () => {
  it('answers with the one message the thread posts, from what it was given', async () => {
    const url = moduleUrl(
      "import { parentPort, workerData } from 'node:worker_threads'; parentPort.postMessage({ doubled: workerData.n * 2 });",
    );
    await expect(answerOfOneShotThread(url, thread)).resolves.toEqual({ doubled: 40 });
  });

  it('fails with the given message when the thread takes too long', async () => {
    const url = moduleUrl('setInterval(() => {}, 1000);');
    await expect(answerOfOneShotThread(url, { ...thread, timeoutMs: 200 })).rejects.toThrow(
      'Counting took too long',
    );
  });

  it('fails with the thread’s own error when it throws', async () => {
    const url = moduleUrl("throw new Error('the model file is missing');");
    await expect(answerOfOneShotThread(url, thread)).rejects.toThrow('the model file is missing');
  });

  it('fails naming the thread when it ends without answering', async () => {
    const url = moduleUrl('process.exit(3);');
    await expect(answerOfOneShotThread(url, thread)).rejects.toThrow(
      'Counting worker stopped (exit code 3)',
    );
  });
});
