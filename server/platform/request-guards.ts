import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStorableText, UNSTORABLE_TEXT } from '../../contract/text';
import type { Config } from './config';
import { AppError } from './errors';

/*
 * Guards that every route gets, including routes added later: they are root hooks,
 * so a feature module cannot forget them.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a form upload (multipart); every other API write takes JSON only. */
    acceptsFormUpload?: boolean;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The only bodies a state-changing API request may have: a page's fetch or a form upload. */
const WRITE_MEDIA_TYPES = new Set(['application/json', 'multipart/form-data']);

export const unstorableText = () => new AppError(400, 'validation_error', UNSTORABLE_TEXT);

/**
 * Cookies are SameSite=Lax; this closes the rest of the gap for state-changing requests:
 * - a browser that says the request is cross-site (Sec-Fetch-Site) is refused;
 * - an Origin (or, without one, a Referer) that is not this site is refused. Requests
 *   without either (scripts, curl, tests) carry no ambient browser credentials of a
 *   victim and pass; browsers send Origin on every cross-origin POST, PUT, PATCH, DELETE;
 * - an API body must be JSON or multipart: a cross-site HTML form can send neither
 *   (text/plain, urlencoded), so it cannot write even on a browser without Origin.
 */
export function refuseCrossSiteWrites(app: FastifyInstance, config: Pick<Config, 'publicUrl'>) {
  // A callback hook, not an async one: reads (most requests) pass without a promise or a
  // turn of the microtask queue.
  app.addHook('onRequest', (request, _reply, done) => {
    if (READ_METHODS.has(request.method)) return done();
    try {
      refuseWrite(request, config);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/** The rules above, for a request that may change something: throws when it is refused. */
function refuseWrite(request: FastifyRequest, config: Pick<Config, 'publicUrl'>): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw crossSite();
  const claimed = request.headers.origin ?? refererOrigin(request.headers.referer);
  if (
    claimed !== undefined &&
    claimed !== originOf(config.publicUrl) &&
    claimed !== ownOrigin(request)
  ) {
    throw crossSite();
  }
  if (!request.url.startsWith('/api/')) return;
  const contentType = request.headers['content-type'];
  if (contentType === undefined) {
    if (hasBody(request)) throw unsupportedMediaType();
    return;
  }
  const mediaType = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (!WRITE_MEDIA_TYPES.has(mediaType)) throw unsupportedMediaType();
  // A form sent to a JSON route would reach its handler with no body at all.
  if (mediaType === 'multipart/form-data' && !request.routeOptions.config?.acceptsFormUpload) {
    throw unsupportedMediaType();
  }
}

/**
 * Text that cannot be stored as sent (NUL, lone surrogates) is refused with a 400 before
 * any route sees it, wherever it is: JSON body (keys and values, at any depth), query
 * string, or path parameter (`/documents/x%00/y/file`). Multipart fields are read by the
 * route itself (uploads/multipart.ts), which applies the same rule.
 */
export function refuseUnstorableInput(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (
      !rawQueryDecodes(request.url) ||
      !storable(request.params) ||
      !storable(request.query) ||
      // A multipart request's body is a stream the route reads; nothing is parsed yet.
      (!request.isMultipart?.() && !storable(request.body))
    ) {
      return done(unstorableText());
    }
    done();
  });
}

/** True when every string in the value (object keys included) can be stored as sent. */
export function storable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (value === null || typeof value !== 'object' || depth > 64) return true;
  if (Buffer.isBuffer(value)) return true;
  if (Array.isArray(value)) return value.every((item) => storable(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key) || !storable(item, depth + 1)) return false;
  }
  return true;
}

/**
 * The query parser turns percent-encoded bytes that are not UTF-8 (a lone surrogate
 * arrives as %ED%A0%80) into U+FFFD without a word; decoding the raw query ourselves
 * catches them before that silent change reaches a route.
 */
function rawQueryDecodes(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0) return true;
  try {
    decodeURIComponent(url.slice(start + 1).replaceAll('+', ' '));
    return true;
  } catch {
    return false;
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

function ownOrigin(request: FastifyRequest): string | undefined {
  // request.host honours X-Forwarded-Host only from the trusted proxy hops.
  return request.host ? originOf(`${request.protocol}://${request.host}`) : undefined;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  // An unreadable Referer cannot vouch for the request.
  return originOf(referer) ?? 'null';
}

const crossSite = () =>
  new AppError(403, 'cross_site_request', 'Cross-site requests are not allowed');
const unsupportedMediaType = () =>
  new AppError(
    415,
    'unsupported_media_type',
    'Unsupported content type: send JSON (or a form upload for files)',
  );
