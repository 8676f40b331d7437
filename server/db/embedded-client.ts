import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/*
 * The web server's side of the embedded database's own thread (embedded-thread.mjs,
 * decision 0037). It offers the part of PGlite's API that Drizzle's PGlite driver and
 * this app use (query, exec, transaction, listen, close), so Drizzle runs over it
 * unchanged; each call becomes a message to the thread and its answer.
 */

type Row = Record<string, unknown> | unknown[];
export type EmbeddedResults = {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
};
type QueryOptions = { rowMode?: 'array' | 'object' };

/** What one session (the whole database, or one transaction) can run. */
export type EmbeddedSession = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<EmbeddedResults>;
  exec(sql: string): Promise<EmbeddedResults[]>;
};
export type EmbeddedTransaction = EmbeddedSession & {
  rollback(): Promise<void>;
  readonly closed: boolean;
};

/** A PostgreSQL error from the thread, with its code, constraint and detail as PGlite gave them. */
export class EmbeddedDatabaseError extends Error {
  [field: string]: unknown;
  constructor(fields: Record<string, unknown>) {
    super(String(fields.message));
    Object.assign(this, fields);
    this.name = typeof fields.name === 'string' ? fields.name : 'DatabaseError';
  }
}

type Answer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };
type Notice =
  | { op: 'ready' }
  | { op: 'failed'; error: Record<string, unknown> }
  | { op: 'notify'; channel: string; payload: string };

const THREAD = new URL('./embedded-thread.mjs', import.meta.url);

type CompiledModules = {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
};
let compiled: Promise<CompiledModules> | undefined;

/**
 * PostgreSQL's and initdb's WebAssembly, compiled once per process and shared with every
 * thread (a compiled module crosses to a worker without being compiled again). A process
 * that opens several embedded databases, as the tests do, saves ~1.5 s on each.
 */
function compiledModules(): Promise<CompiledModules> {
  compiled ??= (async () => {
    const dist = new URL(
      '.',
      pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
    );
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map(async (file) =>
        WebAssembly.compile(await readFile(new URL(file, dist))),
      ),
    );
    return { pgliteWasmModule: pgliteWasmModule!, initdbWasmModule: initdbWasmModule! };
  })();
  compiled.catch(() => {
    compiled = undefined;
  });
  return compiled;
}

export type EmbeddedOptions = {
  /** PGlite's data folder; undefined keeps the database in memory (tests). */
  dataDir: string | undefined;
  /** PostgreSQL's start parameters; PGlite's own when absent. */
  startParams?: string[];
  /** Called once if the thread stops without being closed: nothing can be stored after. */
  onLost?: (error: Error) => void;
};

export class EmbeddedDatabase implements EmbeddedSession {
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private stopped: Error | null = null;
  private closing = false;
  private readonly ready: Promise<void>;
  private started = { resolve: () => {}, reject: (_error: Error) => {} };

  private constructor(
    private readonly worker: Worker,
    private readonly onLost: ((error: Error) => void) | undefined,
  ) {
    this.ready = new Promise((resolve, reject) => {
      this.started = { resolve, reject };
    });
    worker.on('message', (message: Answer | Notice) => this.receive(message));
    worker.on('error', (error) =>
      this.stop(new Error(`The embedded database stopped: ${error.message}`)),
    );
    worker.on('exit', (code) =>
      this.stop(new Error(`The embedded database stopped (exit code ${code})`)),
    );
  }

  /** Starts the thread and waits for PostgreSQL inside it to be ready. */
  static async open({ dataDir, startParams, onLost }: EmbeddedOptions): Promise<EmbeddedDatabase> {
    const modules = await compiledModules();
    const worker = new Worker(THREAD, { workerData: { dataDir, startParams, modules } });
    const database = new EmbeddedDatabase(worker, onLost);
    try {
      await database.ready;
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return database;
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<EmbeddedResults> {
    return this.queryIn(undefined, sql, params, options);
  }

  exec(sql: string): Promise<EmbeddedResults[]> {
    return this.execIn(undefined, sql);
  }

  /**
   * Runs `callback` in one transaction: the thread holds PGlite's session for it, so other
   * statements wait, exactly as they do in PGlite itself. A throw rolls it back.
   */
  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const tx = (await this.call({ op: 'begin' })) as number;
    let closed = false;
    const end = async (commit: boolean) => {
      if (closed) return;
      closed = true;
      await this.call({ op: 'end', tx, commit });
    };
    const ensureOpen = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const session: EmbeddedTransaction = {
      // Async, so a closed transaction answers with a rejection, as PGlite's does.
      query: async (sql, params, options) => {
        ensureOpen();
        return this.queryIn(tx, sql, params, options);
      },
      exec: async (sql) => {
        ensureOpen();
        return this.execIn(tx, sql);
      },
      rollback: () => end(false),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(session);
    } catch (error) {
      await end(false);
      throw error;
    }
    await end(true);
    return result;
  }

  /** Calls `callback` with each notification on `channel`; answers a function that stops. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.call({ op: 'listen', channel });
    }
    callbacks.add(callback);
    return async () => {
      callbacks.delete(callback);
      if (callbacks.size === 0 && this.listeners.get(channel) === callbacks) {
        this.listeners.delete(channel);
        await this.call({ op: 'unlisten', channel });
      }
    };
  }

  /** Lets PGlite finish writing and close its files, then ends the thread. */
  async close(): Promise<void> {
    if (this.stopped || this.closing) return;
    this.closing = true;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.stop(new Error('The embedded database is closed'));
      await this.worker.terminate();
    }
  }

  /** A statement on the whole database (`tx` undefined) or inside one transaction. */
  private async queryIn(
    tx: number | undefined,
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<EmbeddedResults> {
    const rowMode = options.rowMode ?? 'object';
    return (await this.call({ op: 'query', tx, sql, params, rowMode })) as EmbeddedResults;
  }

  private async execIn(tx: number | undefined, sql: string): Promise<EmbeddedResults[]> {
    return (await this.call({ op: 'exec', tx, sql })) as EmbeddedResults[];
  }

  private call(message: Record<string, unknown>): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private receive(message: Answer | Notice): void {
    if ('op' in message) {
      if (message.op === 'notify') {
        for (const callback of this.listeners.get(message.channel) ?? []) callback(message.payload);
      } else if (message.op === 'ready') {
        this.started.resolve();
      } else {
        this.started.reject(new EmbeddedDatabaseError(message.error));
      }
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(new EmbeddedDatabaseError(message.error));
  }

  /** Every waiting call fails: nothing hangs on a thread that is gone. */
  private stop(error: Error): void {
    if (this.stopped) return;
    this.stopped = error;
    this.started.reject(error);
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    if (!this.closing) this.onLost?.(error);
  }
}
