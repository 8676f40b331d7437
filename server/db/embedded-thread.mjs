// @ts-check
/*
 * The embedded database (PGlite) on a thread of its own. The web server's thread sends
 * statements here (server/db/embedded-client.ts) and gets rows back, so PostgreSQL's
 * WebAssembly and PGlite's wire-protocol parsing no longer share a core with HTTP,
 * validation and JSON (decision 0037). Plain JavaScript, copied beside the bundle by
 * server/build.mjs, so the same file runs from the sources and from dist/server.
 *
 * Messages in (each with an id, answered once with { id, ok, value | error }):
 *   { op: 'query', sql, params, rowMode, tx? }   rows, fields, affectedRows
 *   { op: 'exec', sql, tx? }                      one result per statement
 *   { op: 'begin' }                               a transaction id; the session is held
 *   { op: 'end', tx, commit }                     commits or rolls back, then frees it
 *   { op: 'listen', channel } / { op: 'unlisten', channel }
 *   { op: 'close' }
 * Messages out without an id: { op: 'ready' }, { op: 'failed', error } at start, and
 * { op: 'notify', channel, payload } for every notification, always posted before the
 * answer of the statement that caused it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

if (!parentPort) throw new Error('embedded-thread.mjs runs as a worker thread');
const port = parentPort;

/*
 * PGlite decodes every text value it reads with a TextDecoder made when the database is
 * created, and a TextDecoder drops a leading U+FEFF unless told otherwise: "\uFEFFtext" was
 * stored whole and read back as "text". In this thread, which runs nothing but PGlite, every
 * TextDecoder keeps it, so a value comes back exactly as it was stored (as on PostgreSQL).
 */
const PlatformTextDecoder = globalThis.TextDecoder;
globalThis.TextDecoder = class KeepingByteOrderMark extends PlatformTextDecoder {
  /** @param {string} [label] @param {TextDecoderOptions} [options] */
  constructor(label, options) {
    super(label, { ...options, ignoreBOM: true });
  }
};

/**
 * Dates, times and intervals come back as PostgreSQL's text, as Drizzle's PGlite driver
 * asks for them: Drizzle's column types turn them into Dates or strings themselves.
 * (Parsers are functions, so they cannot cross the thread; every query uses these.)
 */
const keepText = (/** @type {string} */ value) => value;
const PARSERS = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((type) => [type, keepText]),
);

/** @typedef {{ query: PGlite['query'], exec: PGlite['exec'] }} Session */
/** @type {Map<number, { session: Session, finish: (commit: boolean) => void, ended: Promise<void> }>} */
const transactions = new Map();
/** @type {Map<string, () => Promise<void>>} */
const listeners = new Map();
let nextTransaction = 1;

/** A PostgreSQL error's fields (code, constraint, detail...) survive the crossing. */
function describeError(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = /** @type {Record<string, unknown>} */ ({});
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

const { dataDir, startParams, modules } = workerData;
const options = { ...(startParams ? { startParams } : {}), ...modules };
const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);

/** @param {number | undefined} tx */
function sessionFor(tx) {
  if (tx === undefined) return client;
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is not open`);
  return open.session;
}

/** @param {number} id */
function begin(id) {
  const tx = nextTransaction++;
  /** @type {(commit: boolean) => void} */
  let finish = () => {};
  const decided = new Promise((resolve) => (finish = resolve));
  let begun = false;
  const ended = client
    .transaction(async (session) => {
      begun = true;
      transactions.set(tx, { session, finish, ended });
      port.postMessage({ id, ok: true, value: tx });
      if (!(await decided)) await session.rollback();
    })
    .finally(() => transactions.delete(tx));
  // A BEGIN that fails answers the begin; a COMMIT that fails answers the end.
  ended.catch((error) => {
    if (!begun) port.postMessage({ id, ok: false, error: describeError(error) });
  });
}

/** @param {any} message */
async function handle(message) {
  switch (message.op) {
    case 'query': {
      const result = await sessionFor(message.tx).query(message.sql, message.params, {
        rowMode: message.rowMode,
        parsers: PARSERS,
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await sessionFor(message.tx).exec(message.sql);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error(`Transaction ${message.tx} is not open`);
      open.finish(Boolean(message.commit));
      await open.ended;
      return null;
    }
    case 'listen': {
      if (!listeners.has(message.channel)) {
        const stop = await client.listen(message.channel, (payload) =>
          port.postMessage({ op: 'notify', channel: message.channel, payload }),
        );
        listeners.set(message.channel, stop);
      }
      return null;
    }
    case 'unlisten': {
      await listeners.get(message.channel)?.();
      listeners.delete(message.channel);
      return null;
    }
    case 'close':
      await client.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

port.on('message', (message) => {
  if (message.op === 'begin') return begin(message.id);
  handle(message).then(
    (value) => port.postMessage({ id: message.id, ok: true, value }),
    (error) => port.postMessage({ id: message.id, ok: false, error: describeError(error) }),
  );
});

client.waitReady.then(
  () => port.postMessage({ op: 'ready' }),
  (error) => port.postMessage({ op: 'failed', error: describeError(error) }),
);
