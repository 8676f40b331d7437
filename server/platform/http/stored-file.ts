import type { FastifyReply } from 'fastify';
import { notFound } from '../errors';
import type { FileStore } from '../file-store';
import { parseRange } from './byte-range';

/**
 * A stored file opened on its own (a recording, a photo, a video, a pupil's original) must
 * never run script on our origin. `sandbox` is the strongest, but Chrome's PDF viewer
 * refuses to open inside it, so PDFs get the rest. A page that plays or shows the file as
 * a subresource is unaffected: the policy only governs the file opened as a document.
 */
export const STORED_FILE_CSP = (contentType: string) =>
  contentType === 'application/pdf'
    ? "default-src 'none'; style-src 'unsafe-inline'; img-src data:; object-src 'self'"
    : "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; media-src 'self'; sandbox";

type StoredFile = { storageKey: string; contentType: string; sizeBytes: number };

/**
 * Streams a stored file with byte ranges (Safari will not play audio or video without
 * them), its stored type with nosniff, and the sandboxed policy above. `cacheControl`
 * says who may keep it: `no-store` for anything reached by a link or a pupil's address,
 * which must stop working the moment the link does.
 */
export async function sendWithRanges(
  reply: FastifyReply,
  ctx: { files: FileStore },
  file: StoredFile,
  rangeHeader: string | undefined,
  { cacheControl, csp = STORED_FILE_CSP(file.contentType) }: { cacheControl: string; csp?: string },
) {
  // A row whose bytes have gone (restored backup, manual clean-up) is not found, not a crash.
  if (!(await ctx.files.stat(file.storageKey))) throw notFound('File not found');
  const size = file.sizeBytes;
  reply
    .header('Content-Type', file.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', csp)
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', cacheControl);
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('Content-Range', `bytes */${size}`).send();
  }
  if (range) {
    return reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(ctx.files.createReadStream(file.storageKey, range));
  }
  return reply.header('Content-Length', size).send(ctx.files.createReadStream(file.storageKey));
}
