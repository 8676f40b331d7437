import type { IncomingMessage } from 'node:http';

/*
 * Every request's id, in its log line and in the logs of the jobs it queued. Behind a
 * proxy (TRUST_PROXY) the proxy's own id is used, from X-Request-Id (nginx's $request_id,
 * Caddy's {http.request.uuid}), so one id finds the request in the proxy's log and in
 * ours. Anything a client could write itself is refused: only a proxy is trusted, and only
 * with a short id of letters, digits and . _ : - (nothing that could break a log line).
 */

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_SHAPE = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

export function isValidRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID_SHAPE.test(value);
}

/** Fastify's genReqId: the proxy's id when trusted and well formed, else req-<n> as Fastify's own. */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  let next = 0;
  return (request) => {
    if (trustProxy) {
      const given = request.headers[REQUEST_ID_HEADER];
      if (isValidRequestId(given)) return given;
    }
    next += 1;
    return `req-${next.toString(36)}`;
  };
}
