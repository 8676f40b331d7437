import { availableParallelism } from 'node:os';
import { poolWorkerEntry } from './entry';
import { WorkerPool } from './pool';

/*
 * The one pool this process shares. Its threads run the tasks server/pool-worker.ts names
 * (that file is the threads' program: it imports the modules that do the work, which the
 * web server's thread must not load). A caller names its task and says what it gets back:
 * the work module that asks for a task owns its input and output types.
 */

/** Heap ceiling of each thread: a text bomb or a huge scan fails alone, at this size. */
const HEAP_MB = 768;
const DEFAULT_TIMEOUT_MS = 120_000;
/**
 * A thread with nothing to read for this long ends, handing its ~100 MiB back: after a
 * class's burst of hand-ins the server returns to its idle memory within a minute. The
 * next file after a quiet spell waits ~1–2 s longer (a new thread loads pdf.js again).
 */
export const POOL_IDLE_MS = 20_000;

/** One thread per core by default: more would only take turns on the same cores. */
export const defaultPoolSize = () => Math.max(1, availableParallelism());

let size = defaultPoolSize();
let pool: WorkerPool | undefined;

/** Sets the number of threads (WORKER_POOL_SIZE); takes effect when the pool starts. */
export function configureWorkerPool(threads: number): void {
  if (!Number.isInteger(threads) || threads < 1) {
    throw new Error(`WORKER_POOL_SIZE must be a whole number of at least 1 (got ${threads})`);
  }
  size = threads;
}

/** How many tasks can run at once: the job runner takes that many extractions at a time. */
export function workerPoolSize(): number {
  return pool?.size ?? size;
}

function sharedPool(): WorkerPool {
  pool ??= new WorkerPool({
    entry: poolWorkerEntry,
    size,
    heapMb: HEAP_MB,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    idleMs: POOL_IDLE_MS,
  });
  return pool;
}

export function runTask<Output>(
  name: string,
  input: unknown,
  options: { timeoutMs?: number } = {},
): Promise<Output> {
  return sharedPool().run<Output>(name, input, options);
}

/** Stops every thread (tests, scripts and shutdown); the next task starts a new pool. */
export async function shutdownWorkerPool(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close();
}

export { WorkerCrashError, WorkerMemoryError, WorkerTaskError, WorkerTimeoutError } from './pool';
