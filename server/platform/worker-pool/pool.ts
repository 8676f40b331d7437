import { Worker } from 'node:worker_threads';

/*
 * A pool of long-lived worker threads for CPU-heavy work on pupils' files (reading their
 * text, finding passages in a PDF). Threads start when work arrives, up to `size`, and
 * then stay while there is work: the parsers they load (pdf.js alone takes ~2 s to load
 * and warm up) are paid for once per busy spell, not per file. A thread left without work
 * for `idleMs` ends, and its memory (~100 MiB: its heap, pdf.js, the OCR engine's
 * threads and WebAssembly memory) goes back to the system. Each task has a time limit and
 * each thread a heap ceiling; a thread that runs over either, or crashes, is terminated
 * and replaced, and only its own task fails. The rest of the pool keeps serving.
 */

/** A task ran past its time limit; its thread was terminated. */
export class WorkerTimeoutError extends Error {
  override name = 'WorkerTimeoutError';
}
/** A task needed more memory than a thread may have; its thread was terminated. */
export class WorkerMemoryError extends Error {
  override name = 'WorkerMemoryError';
}
/** The thread stopped or threw outside the task's own error handling. */
export class WorkerCrashError extends Error {
  override name = 'WorkerCrashError';
}
/** The task itself failed: its error as the worker reported it. */
export class WorkerTaskError extends Error {
  override name = 'WorkerTaskError';
  constructor(
    message: string,
    /** The error's class name in the worker (ExtractionError, ...). */
    readonly kind: string,
    /** Extra fields the worker sent along (an ExtractionError's reason). */
    readonly details: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** What a worker answers for one task (see pool-worker.ts). */
export type TaskAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; kind: string; message: string; details: Record<string, unknown> };

export type PoolOptions = {
  /** The worker entry (compiled JavaScript), resolved once, when the first thread starts. */
  entry: () => Promise<URL>;
  size: number;
  /** Heap ceiling of each thread (V8 old generation). */
  heapMb: number;
  /** Default time limit of a task. */
  timeoutMs: number;
  /** A thread without a task for this long ends (unset: threads stay). */
  idleMs?: number;
};

type Task = {
  name: string;
  input: unknown;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

type Slot = {
  worker: Worker;
  task: (Task & { id: number; timer: NodeJS.Timeout }) | null;
  /** Ends the thread when it has had no task for `idleMs`. */
  retirement?: NodeJS.Timeout;
};

/**
 * Of the parent's flags a thread gets only source maps. Loader flags (`--import tsx` in
 * development, a test's preload) would load again in every thread, for an entry that is
 * JavaScript already. V8 flags (`--max-old-space-size`, `--max-semi-space-size`…) apply
 * to the whole process, and `new Worker` throws ERR_WORKER_INVALID_EXEC_ARGV when given
 * one: a server started with such a flag failed every extraction.
 */
function workerExecArgv(): string[] {
  return process.execArgv.filter((arg) => arg === '--enable-source-maps');
}

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private entry: Promise<URL> | undefined;
  private nextId = 1;
  private closed = false;
  /** Threads being started (their entry still resolving): they count towards the size. */
  private starting = 0;

  constructor(private readonly options: PoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) {
      throw new Error(`A worker pool needs at least one thread (asked for ${options.size})`);
    }
  }

  get size(): number {
    return this.options.size;
  }

  /** Threads alive now (started, not yet ended). */
  get threads(): number {
    return this.slots.size;
  }

  /** Runs `name` with `input` on the first free thread; rejects with one of the errors above. */
  run<T>(name: string, input: unknown, options: { timeoutMs?: number } = {}): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The worker pool is shut down'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        name,
        input,
        timeoutMs: options.timeoutMs ?? this.options.timeoutMs,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      void this.dispatch();
    });
  }

  /** Terminates every thread; queued and running tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('The worker pool is shut down'));
    await Promise.all(
      [...this.slots].map(async (slot) => {
        this.slots.delete(slot);
        if (slot.task) {
          clearTimeout(slot.task.timer);
          slot.task.reject(new Error('The worker pool is shut down'));
        }
        await slot.worker.terminate();
      }),
    );
  }

  private async dispatch(): Promise<void> {
    while (this.queue.length > 0 && !this.closed) {
      let slot = [...this.slots].find((s) => s.task === null);
      if (!slot) {
        if (this.slots.size + this.starting >= this.options.size) return;
        this.starting += 1;
        try {
          slot = await this.spawn();
        } catch (error) {
          // The entry could not be found or compiled: nothing can run. Fail what waits.
          for (const task of this.queue.splice(0)) task.reject(error as Error);
          return;
        } finally {
          this.starting -= 1;
        }
        // Another dispatch may have filled the queue's head meanwhile; loop and look again.
        if (slot.task !== null) continue;
      }
      const task = this.queue.shift();
      if (!task) return;
      this.assign(slot, task);
    }
  }

  private async spawn(): Promise<Slot> {
    this.entry ??= this.options.entry().catch((error: unknown) => {
      this.entry = undefined; // try again on the next task
      throw error;
    });
    const url = await this.entry;
    if (this.closed) throw new Error('The worker pool is shut down');
    const worker = new Worker(url, {
      execArgv: workerExecArgv(),
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
    });
    // An idle thread does not keep the process alive; one at work does (see assign).
    worker.unref();
    const slot: Slot = { worker, task: null };
    this.slots.add(slot);
    worker.on('message', (answer: TaskAnswer) => this.answered(slot, answer));
    worker.on('error', (error: Error & { code?: string }) =>
      this.lost(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkerMemoryError('The task needed more memory than a worker may use')
          : new WorkerCrashError(`The worker failed: ${error.message}`),
      ),
    );
    worker.on('exit', (code) =>
      this.lost(slot, new WorkerCrashError(`The worker stopped (exit code ${code})`)),
    );
    return slot;
  }

  private assign(slot: Slot, task: Task): void {
    const id = this.nextId++;
    const timer = setTimeout(
      () => this.lost(slot, new WorkerTimeoutError(`The task ran past ${task.timeoutMs} ms`)),
      task.timeoutMs,
    );
    clearTimeout(slot.retirement);
    slot.task = { ...task, id, timer };
    slot.worker.ref();
    slot.worker.postMessage({ id, name: task.name, input: task.input });
  }

  private answered(slot: Slot, answer: TaskAnswer): void {
    const task = slot.task;
    if (!task || task.id !== answer.id) return;
    clearTimeout(task.timer);
    slot.task = null;
    slot.worker.unref();
    if (answer.ok) task.resolve(answer.value);
    else task.reject(new WorkerTaskError(answer.message, answer.kind, answer.details));
    void this.dispatch();
    if (slot.task === null && this.options.idleMs !== undefined) {
      slot.retirement = setTimeout(() => this.retire(slot), this.options.idleMs);
      slot.retirement.unref();
    }
  }

  /** An idle thread ends; the next task starts another. */
  private retire(slot: Slot): void {
    if (slot.task !== null || !this.slots.delete(slot)) return;
    void slot.worker.terminate();
  }

  /** The thread is gone or going: its task fails, and a new thread takes the queue on. */
  private lost(slot: Slot, error: Error): void {
    clearTimeout(slot.retirement);
    if (!this.slots.delete(slot)) return;
    const task = slot.task;
    slot.task = null;
    if (task) {
      clearTimeout(task.timer);
      task.reject(error);
    }
    void slot.worker.terminate();
    void this.dispatch();
  }
}
