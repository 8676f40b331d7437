import type { FastifyReply } from 'fastify';

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
