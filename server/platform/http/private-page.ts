import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer reached by a secret address (a shared link, a pupil's document) must not linger
 * in caches, leak its address onwards, or be indexed.
 */
export function privatePageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex, nofollow');
}

/**
 * The same headers as a route's `onRequest` hook: set before the route's schemas validate
 * the address, so an answer refused there (a malformed key or code) carries them too.
 */
export function privatePage(_request: FastifyRequest, reply: FastifyReply, done: () => void) {
  privatePageHeaders(reply);
  done();
}
