import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers Helmet would write for `options`, worked out once. The options have no
 * per-request parts (no nonces), so every answer gets the same headers.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/** The built scripts and stylesheets: content-hashed files a page loads, never a page. */
const BUILT_SCRIPT_OR_STYLE = /^\/assets\/[^/?]+\.(js|css)(\?|$)/;

/**
 * The headers that mean something on a script or a stylesheet. The rest (the CSP, framing,
 * referrer and opener policies) govern a document, and a browser ignores them on a file it
 * runs or applies as a subresource: they only cost ~0.8 KB on each of the 20–40 chunks a
 * page loads, sent before the code on a slow connection. Workers and worklets, for which
 * the CSP does count, are served from elsewhere (/worklets/), and so are images.
 */
const SUBRESOURCE_HEADERS = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
];

/**
 * An API answer (JSON, a recording, a cut-out) is read by the app's own pages, not shown as
 * a page: the page policy (its script hashes, fonts, media) means nothing on it, and a
 * browser that opens one directly gets the strictest policy there is. The document-only
 * headers (opener policy, origin cluster, the old IE and Flash switches) are left out too,
 * which halves each answer's headers (~0.8 KB) on the app's busiest addresses. The API's
 * own reference (/api/docs) is a page and keeps the page set; routes that serve a pupil's
 * file set their own sandboxed policy, which replaces this one.
 */
const API_ANSWER = /^\/api\/(?!docs(?:[/?]|$))/;
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
const API_HEADERS = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
];

/**
 * Helmet's headers on every answer (on built scripts and stylesheets, those that apply to
 * them). @fastify/helmet (no longer used) rebuilt Helmet, re-parsing the whole policy, on
 * every request: a third of the time of a cached `GET /api/auth/user` (a CPU profile,
 * decision 0028). Routes that need another policy (the sandboxed originals) still set their
 * own header, which replaces this one.
 */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options);
  const only = (names: string[]) =>
    Object.fromEntries(
      Object.entries(headers).filter(([name]) => names.includes(name.toLowerCase())),
    );
  const subresourceHeaders = only(SUBRESOURCE_HEADERS);
  const apiHeaders = {
    ...only(API_HEADERS),
    'content-security-policy': API_POLICY,
    // As pages have it: a pupil's PDF opens in the browser's own viewer.
    'x-frame-options': 'SAMEORIGIN',
  };
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    reply.headers(
      API_ANSWER.test(url)
        ? apiHeaders
        : BUILT_SCRIPT_OR_STYLE.test(url)
          ? subresourceHeaders
          : headers,
    );
    done();
  });
}
