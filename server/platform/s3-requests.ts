import { Transform } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { storageErrors } from './metrics';
import { StorageUnavailableError } from './outages';

/*
 * How the S3 store talks to its store: with time limits, and with every failure sorted into
 * "missing" (the key has no object), "unavailable" (the store is away, refusing for a while
 * or too slow: StorageUnavailableError, answered 503 and retried by jobs) and the rest.
 */

/** Refused or unreachable within this long: the store is away. */
export const CONNECT_TIMEOUT_MS = 3_000;
/**
 * A request whose connection stays silent this long has hung (a store that accepts and
 * never answers). S3 answers in milliseconds; a part upload keeps the socket busy while it
 * is written. Two attempts (the SDK retries once) keep a hung store's cost near 10 s.
 */
export const IDLE_TIMEOUT_MS = 5_000;
/** The whole of one attempt, as the proxy's own limit on a request. */
const REQUEST_TIMEOUT_MS = 120_000;
export const MAX_ATTEMPTS = 2;

/** The S3 client's settings for requests whose answer is read at once. */
export const STRICT_TIMEOUTS = {
  maxAttempts: MAX_ATTEMPTS,
  requestHandler: {
    connectionTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: IDLE_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    throwOnRequestTimeout: true,
  },
};

/**
 * A download streamed to a browser may pause for as long as the browser does (a paused
 * video holds its connection with backpressure), so the client that streams has no idle
 * limit; it gives up only when the store has not begun to answer within this long.
 */
export const FIRST_BYTE_TIMEOUT_MS = 10_000;
export const STREAMING_TIMEOUTS = {
  maxAttempts: MAX_ATTEMPTS,
  requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
};

export function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

export function errorName(error: unknown): string {
  return (error as { name?: string } | null)?.name ?? String(error);
}

/**
 * GetObject says NoSuchKey; HeadObject has no body, so the SDK names its 404 NotFound.
 * NoSuchBucket is deliberately not "missing": a lost bucket must fail loudly.
 */
export function isMissing(error: unknown): boolean {
  const name = errorName(error);
  return name === 'NoSuchKey' || name === 'NotFound';
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'AbortError',
  'RequestTimeout',
  'RequestTimeoutException',
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
  'ThrottlingException',
]);

/**
 * The store is away or overloaded: no answer, a 5xx, throttling, or a timeout. Not 501:
 * a store that does not implement a request (listing uploads) never will.
 */
export function isUnavailable(error: unknown): boolean {
  const status = httpStatus(error);
  if (status !== undefined && ((status >= 500 && status !== 501) || status === 429)) return true;
  if (UNAVAILABLE_NAMES.has(errorName(error))) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return status === undefined && typeof code === 'string' && NETWORK_CODES.has(code);
}

/**
 * Sends a command; a failure that means the store is away becomes StorageUnavailableError
 * (counted), "missing" passes as it is, and the rest is counted and passed on.
 */
export async function sendToStore<T>(
  client: S3Client,
  // biome-ignore lint/suspicious/noExplicitAny: every S3 command, each with its own output.
  command: any,
  where: { operation: string; store: string; abortSignal?: AbortSignal },
): Promise<T> {
  try {
    return (await client.send(command, { abortSignal: where.abortSignal })) as T;
  } catch (error) {
    if (isMissing(error)) throw error;
    if (isUnavailable(error)) {
      storageErrors.inc({ operation: where.operation, reason: 'unavailable' });
      throw new StorageUnavailableError(where.operation, where.store, error);
    }
    storageErrors.inc({ operation: where.operation, reason: 'error' });
    throw error;
  }
}

/** Drops the first `skip` bytes, passes the next `length`, and ends there. */
export function exactly(skip: number, length: number): Transform {
  let toSkip = skip;
  let left = length;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let bytes = chunk;
      if (toSkip > 0) {
        const dropped = Math.min(toSkip, bytes.length);
        bytes = bytes.subarray(dropped);
        toSkip -= dropped;
      }
      if (left > 0 && bytes.length > 0) {
        const kept = bytes.subarray(0, left);
        left -= kept.length;
        this.push(kept);
      }
      done();
    },
  });
}
