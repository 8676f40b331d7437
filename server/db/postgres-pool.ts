import type pg from 'pg';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../platform/outages';

type Pg = typeof pg;
/** What start-up and the pool say while the database is away. */
export type DatabaseLog = {
  info: (message: string) => void;
  warn: (fields: object, message: string) => void;
};

/**
 * How long a request waits for a connection: long enough for a busy pool to free one, short
 * enough that a database behind a cut network (no refusal, only silence) is answered 503
 * in seconds rather than after TCP's two minutes.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** Failures of making a connection that a later attempt may not meet; a wrong password will. */
function isConnectFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '28P01' || code === '28000' || code === '3D000') return false;
  return (
    isDatabaseUnavailable(error) ||
    (typeof code === 'string' && code.startsWith('E')) ||
    (error instanceof Error && /timeout|terminated/i.test(error.message))
  );
}

function tagged(error: unknown): unknown {
  return error && isConnectFailure(error) ? new DatabaseUnavailableError(error) : error;
}

/**
 * node-postgres's pool, made to survive the database going away (a restart, a failover,
 * an administrator's pg_terminate_backend):
 * - a connection that fails while idle in the pool is an 'error' event on the pool, and
 *   one that fails while lent out is an 'error' event on the connection; unheard, either
 *   ends the process. Both are heard: the pool drops the connection, and the statement in
 *   flight, if any, fails by itself;
 * - a connection that cannot be made fails as DatabaseUnavailableError, which the error
 *   handler answers 503 and the job runner retries.
 */
export function createPool(pgModule: Pg, url: string, log: DatabaseLog | undefined): pg.Pool {
  const pool = new pgModule.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection that died without a word (a cut network) is noticed by TCP keepalive.
    keepAlive: true,
    application_name: 'classroom-voice',
  });
  let lastWarned = 0;
  pool.on('error', (error) => {
    // One line per outage, not one per pooled connection (ten go at once on a restart).
    if (Date.now() - lastWarned < 5_000) return;
    lastWarned = Date.now();
    // The message and code only: pg-pool hangs the whole client (its settings) on the error.
    log?.warn(
      { error: error.message, code: (error as { code?: string }).code },
      'A pooled database connection was lost; it is replaced on next use',
    );
  });
  pool.on('connect', (client) => {
    // Lent out, a connection has no listener of the pool's: its query (if any) fails with
    // the same error, and release() finds it unusable and drops it.
    client.on('error', () => {});
  });
  const connect = pool.connect.bind(pool) as (
    callback?: (error: unknown, client?: pg.PoolClient, done?: unknown) => void,
  ) => Promise<pg.PoolClient> | undefined;
  // pool.query() connects through this too, so every way of getting a connection is tagged.
  Object.assign(pool, {
    connect(callback?: (error: unknown, client?: pg.PoolClient, done?: unknown) => void) {
      if (callback) return connect((error, client, done) => callback(tagged(error), client, done));
      return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
        throw tagged(error);
      });
    },
  });
  return pool;
}

const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 15_000;

/**
 * Runs `attempt` until it succeeds, waiting between tries while the failure is the database
 * being away (refused, starting up, unreachable): a process started before its database, or
 * during a restart, waits for it instead of exiting. Any other failure (a wrong password, a
 * database that does not exist) is thrown at once: waiting would not fix it.
 */
export async function untilDatabaseAnswers<T>(
  attempt: () => Promise<T>,
  log: DatabaseLog | undefined,
  describe: string,
): Promise<T> {
  let waitMs = FIRST_WAIT_MS;
  let waited = 0;
  for (;;) {
    try {
      const result = await attempt();
      if (waited > 0) log?.info(`The database answers (after ${Math.round(waited / 1000)} s)`);
      return result;
    } catch (error) {
      if (!isConnectFailure(error)) throw error;
      log?.warn(
        { err: error, retryInMs: waitMs },
        `${describe}: the database cannot be reached; trying again in ${Math.round(waitMs / 1000)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      waited += waitMs;
      waitMs = Math.min(waitMs * 2, LONGEST_WAIT_MS);
    }
  }
}
