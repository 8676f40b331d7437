import { afterEach, describe, expect, it } from 'vitest';
import {
  WorkerCrashError,
  WorkerMemoryError,
  WorkerPool,
  WorkerTaskError,
  WorkerTimeoutError,
} from './pool';

/*
 * The pool's own behaviour, with a small worker written here (the real entry's tasks are
 * tested through extraction and the PDF export). Each task is answered as pool-worker.ts
 * answers: { id, ok, value } or { id, ok: false, kind, message, details }.
 */
const TEST_WORKER = `
import { parentPort, threadId } from 'node:worker_threads';
const tasks = {
  echo: (input) => ({ input, threadId }),
  fail: () => { const e = new Error('no text in this file'); e.name = 'ExtractionError'; throw e; },
  hang: () => { for (;;) {} },
  crash: () => process.exit(3),
  allocate: () => { const kept = []; for (;;) kept.push(new Array(1e6).fill(Math.random())); },
  // Waits until 'of' tasks have arrived, each in its own thread: only tasks running side
  // by side can all get past this.
  meet: ({ counter, of }) => {
    const count = new Int32Array(counter);
    Atomics.add(count, 0, 1);
    Atomics.notify(count, 0);
    const deadline = Date.now() + 20000;
    for (let seen = Atomics.load(count, 0); seen < of && Date.now() < deadline; seen = Atomics.load(count, 0)) {
      Atomics.wait(count, 0, seen, 100);
    }
    return { met: Atomics.load(count, 0) >= of, threadId };
  },
};
parentPort.on('message', ({ id, name, input }) => {
  try {
    parentPort.postMessage({ id, ok: true, value: tasks[name](input) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, kind: error.name, message: error.message, details: {} });
  }
});
`;
const entry = async () => new URL(`data:text/javascript,${encodeURIComponent(TEST_WORKER)}`);

type Echo = { input: unknown; threadId: number };

describe('worker pool', () => {
  let pool: WorkerPool;
  const make = (size: number, heapMb = 256) => {
    pool = new WorkerPool({ entry, size, heapMb, timeoutMs: 20_000 });
    return pool;
  };
  afterEach(async () => pool?.close());

  it('ends a thread left without work, and starts another for the next task', async () => {
    pool = new WorkerPool({ entry, size: 1, heapMb: 256, timeoutMs: 20_000, idleMs: 100 });
    const first = await pool.run<Echo>('echo', 1);
    expect(pool.threads).toBe(1);
    for (let waited = 0; pool.threads > 0 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(pool.threads).toBe(0);
    const next = await pool.run<Echo>('echo', 2);
    expect(next.input).toBe(2);
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('keeps a thread that gets work before it has been idle that long', async () => {
    pool = new WorkerPool({ entry, size: 1, heapMb: 256, timeoutMs: 20_000, idleMs: 2_000 });
    const first = await pool.run<Echo>('echo', 1);
    const next = await pool.run<Echo>('echo', 2);
    expect(next.threadId).toBe(first.threadId);
    expect(pool.threads).toBe(1);
  });

  it('refuses a pool without threads', () => {
    expect(() => make(0)).toThrow(/at least one thread/);
  });

  it('runs several tasks side by side, one per thread', async () => {
    make(3);
    const counter = new SharedArrayBuffer(4);
    const answers = await Promise.all(
      [1, 2, 3].map(() => pool.run<{ met: boolean; threadId: number }>('meet', { counter, of: 3 })),
    );
    expect(answers.every((a) => a.met)).toBe(true);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(3);
    expect(pool.threads).toBe(3);
  });

  it('starts its threads when the process runs with V8 flags, which a thread may not take', async () => {
    const flags = ['--max-old-space-size=2048', '--max-semi-space-size=16'];
    process.execArgv.push(...flags);
    try {
      make(1);
      expect((await pool.run<Echo>('echo', 'with flags')).input).toBe('with flags');
    } finally {
      process.execArgv.splice(process.execArgv.length - flags.length, flags.length);
    }
  });

  it('keeps its threads between tasks and queues what exceeds its size', async () => {
    make(2);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => pool.run<Echo>('echo', i)),
    );
    expect(answers.map((a) => a.input)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(answers.map((a) => a.threadId)).size).toBeLessThanOrEqual(2);
    expect(pool.threads).toBe(2);
  });

  it('passes a task failure on and keeps the thread', async () => {
    make(1);
    const before = await pool.run<Echo>('echo', 'a');
    const error = await pool.run('fail', null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect(error).toMatchObject({ kind: 'ExtractionError', message: 'no text in this file' });
    expect((await pool.run<Echo>('echo', 'b')).threadId).toBe(before.threadId);
  });

  it('terminates a hung task and replaces its thread; the pool still works', async () => {
    make(1);
    const before = await pool.run<Echo>('echo', 'a');
    const error = await pool.run('hang', null, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTimeoutError);
    const after = await pool.run<Echo>('echo', 'b');
    expect(after.input).toBe('b');
    expect(after.threadId).not.toBe(before.threadId);
    expect(pool.threads).toBe(1);
  });

  it('replaces a thread that crashes, and the tasks queued behind it still run', async () => {
    make(1);
    const crashed = pool.run('crash', null).catch((e: unknown) => e);
    const queued = pool.run<Echo>('echo', 'queued');
    expect(await crashed).toBeInstanceOf(WorkerCrashError);
    expect((await queued).input).toBe('queued');
  });

  it('fails a task that runs out of memory, not the pool', async () => {
    make(2, 32);
    const error = await pool.run('allocate', null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerMemoryError);
    expect((await pool.run<Echo>('echo', 'still here')).input).toBe('still here');
  });

  it('fails what waits when it is shut down', async () => {
    make(1);
    const hung = pool.run('hang', null).catch((e: unknown) => e);
    const queued = pool.run('echo', 1).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 200));
    await pool.close();
    expect(await hung).toBeInstanceOf(Error);
    expect(await queued).toBeInstanceOf(Error);
    expect(pool.threads).toBe(0);
  });
});
