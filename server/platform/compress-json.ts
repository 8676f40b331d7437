import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this, compressing saves less than a packet and costs CPU. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Compresses JSON answers (a teacher's documents list: 60 KB → 8 KB) with Brotli or gzip,
 * off the event loop (zlib's thread pool), at a fast level: these are made per request,
 * unlike the client's files, which the build compresses once (web/build/precompress.ts).
 *
 * BREACH (the length of a compressed answer revealing a secret in it, by varying input that
 * the answer reflects): only requests the browser marks `Sec-Fetch-Site: same-origin` are
 * compressed, i.e. fetches the app itself makes. A request another site causes (a link, a
 * form, an image; with SameSite=Lax cookies only top-level navigations carry the session
 * at all) is marked cross-site or none and is answered uncompressed, so an attacker cannot
 * choose the input and observe the length. See docs/decisions/0030.
 */
export function compressJsonAnswers(app: FastifyInstance): void {
  // A callback hook, not an async one: most answers pass unchanged, and an async hook would
  // cost each of them a promise and a turn of the microtask queue.
  app.addHook('onSend', (request, reply, payload, done) => {
    const encoding = compressible(request, reply, payload) ? chosenEncoding(request) : null;
    if (!encoding) return done(null, payload);
    const answered = (error: Error | null, compressed: Buffer) => {
      if (error) return done(error);
      reply.header('Content-Encoding', encoding);
      reply.removeHeader('content-length');
      done(null, compressed);
    };
    if (encoding === 'br') {
      brotliCompress(
        payload as string | Buffer,
        { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
        answered,
      );
    } else {
      gzip(payload as string | Buffer, { level: 6 }, answered);
    }
  });
}

/** A JSON answer large enough to be worth it; marks it as varying with Accept-Encoding. */
function compressible(request: FastifyRequest, reply: FastifyReply, payload: unknown): boolean {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return false;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.startsWith('application/json')) return false;
  // Characters count no more bytes than they hold; only a near miss needs counting.
  if (payload.length < MIN_COMPRESSED_BYTES / 3) return false;
  if (Buffer.byteLength(payload) < MIN_COMPRESSED_BYTES) return false;
  reply.header('Vary', varyWithAcceptEncoding(reply.getHeader('vary')));
  return true;
}

function chosenEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  if (request.headers['sec-fetch-site'] !== 'same-origin') return null;
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    // "br;q=0" means "not br".
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

function varyWithAcceptEncoding(current: unknown): string {
  const values = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!values.some((v) => v.toLowerCase() === 'accept-encoding')) values.push('Accept-Encoding');
  return values.join(', ');
}
