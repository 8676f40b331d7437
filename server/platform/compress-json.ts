import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

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
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) < MIN_COMPRESSED_BYTES) return payload;
    reply.header('Vary', varyWithAcceptEncoding(reply.getHeader('vary')));
    const encoding = chosenEncoding(request);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : await gzipAsync(payload, { level: 6 });
    reply.header('Content-Encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
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
