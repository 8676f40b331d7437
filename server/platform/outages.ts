/*
 * Failures that say "not now" rather than "never": the database or the file store could
 * not be reached, or did not answer in time. A request that meets one is answered 503 with
 * a message that says so; a job that meets one is tried again later without counting the
 * attempt (jobs.ts). Anything else keeps its own handling: a damaged file stays a failure.
 */

/** The pool could not lend a connection: refused, timed out, or the server is starting up. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database cannot be reached: ${messageOf(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** The file store could not be reached, refused for a while (5xx, throttling) or timed out. */
export class StorageUnavailableError extends Error {
  constructor(
    /** What was being done: read, write, delete, list, stat. */
    readonly operation: string,
    /** Where: the self-hosted store's address, or AWS and the region. */
    readonly store: string,
    cause: unknown,
  ) {
    super(`The file store ${store} failed a ${operation}: ${messageOf(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** Socket-level failures: the peer is gone, refused, or never answered. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own codes for a connection that is gone or cannot be made: class 08
 * (connection exception), the server shutting down or starting (57P01–57P03), too many
 * connections (53300), and sessions ended by the server's timeouts (57P05, 25P03).
 */
function isConnectionSqlState(code: string): boolean {
  return (
    code.startsWith('08') ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === '57P05' ||
    code === '53300' ||
    code === '25P03'
  );
}

/** node-postgres's words for a connection that ended under a query or was already dead. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Query read timeout',
];

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 10; current = causeOf(current)) {
    chain.push(current);
  }
  return chain;
}

const causeOf = (error: unknown) => (error as { cause?: unknown } | null)?.cause;
const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
/** Drizzle wraps every failed statement in a DrizzleQueryError with the driver's error as cause. */
const isDrizzleQueryError = (error: unknown) =>
  (error as { name?: unknown } | null)?.name === 'DrizzleQueryError' ||
  (error instanceof Error && 'query' in error && 'params' in error);

/**
 * The database was away: the pool could not connect, or a statement lost its connection.
 * A socket error counts only from the database's driver (tagged at the pool, or under a
 * Drizzle statement): the same ECONNREFUSED from an AI provider or a mail relay is theirs.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const chain = causes(error);
  if (chain.some((e) => e instanceof DatabaseUnavailableError)) return true;
  const fromDatabase = chain.some(isDrizzleQueryError);
  return chain.some((e) => {
    const code = codeOf(e);
    if (code && /^[0-9A-Z]{5}$/.test(code) && isConnectionSqlState(code)) return true;
    const message = e instanceof Error ? e.message : '';
    if (PG_CONNECTION_MESSAGES.some((words) => message.includes(words))) return true;
    return fromDatabase && code !== undefined && SOCKET_CODES.has(code);
  });
}

export function isStorageUnavailable(error: unknown): boolean {
  return causes(error).some((e) => e instanceof StorageUnavailableError);
}

/** Worth trying again later: the database or the file store was away or too slow. */
export function isTransientFailure(error: unknown): boolean {
  return isDatabaseUnavailable(error) || isStorageUnavailable(error);
}

export type UnavailableAnswer = {
  statusCode: 503;
  code: 'database_unavailable' | 'storage_unavailable';
  message: string;
  /** Seconds, for the Retry-After header. */
  retryAfter: number;
};

/**
 * What a request that met an outage is told: 503, which part is away, and when to try
 * again. Null for any other failure. The words are for a teacher or a pupil; the log line
 * beside it names the store or the database's error.
 */
export function unavailableAnswer(error: unknown): UnavailableAnswer | null {
  if (isStorageUnavailable(error)) {
    return {
      statusCode: 503,
      code: 'storage_unavailable',
      message:
        'Files cannot be stored or read just now: the file store is not answering. Nothing was lost; please try again in a minute.',
      retryAfter: 30,
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      code: 'database_unavailable',
      message:
        'Classroom Voice cannot reach its database just now. Nothing was saved by this request; please try again in a few seconds.',
      retryAfter: 5,
    };
  }
  return null;
}
