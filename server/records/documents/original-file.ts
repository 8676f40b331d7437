import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { OriginalKind } from '../../../contract/documents';
import { files } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { STORED_FILE_CSP } from '../../platform/http';
import type { AppContext } from '../../records/context';
import { documentKindOf } from './document-kind';
import { documents } from './tables';

/** How the page view can show a file: PDF pages, a photo, or (Word) not at all. */
export function originalKindOf(storageKey: string | null | undefined): OriginalKind | null {
  const kind = storageKey ? documentKindOf(storageKey) : null;
  if (kind === 'pdf') return 'pdf';
  if (kind === 'jpg' || kind === 'png') return 'image';
  if (kind === 'docx' || kind === 'doc') return 'word';
  return null;
}

type StoredFile = {
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  originalName: string;
};

/** The file a document was made from, or null when it has none (typed in, or erased). */
export async function documentFile(ctx: AppContext, documentId: number) {
  const [row] = await ctx.db
    .select({ file: files })
    .from(documents)
    .innerJoin(files, eq(files.id, documents.fileId))
    .where(eq(documents.id, documentId));
  return row?.file ?? null;
}

/**
 * The pupil's file as handed in, for the page view to draw: inline, with the stored type
 * and nosniff (a renamed HTML file stays inert), no caching (the addresses carry a secret or
 * a session), and a CSP that stops a PDF or image opened on its own from running script.
 */
export async function sendOriginalFile(
  reply: FastifyReply,
  ctx: AppContext,
  file: StoredFile | null,
  missing: string,
) {
  if (!file || !(await ctx.files.stat(file.storageKey))) throw notFound(missing);
  // Streamed, not read whole: a 20 MB scan is not held in memory per page view.
  return reply
    .header('Content-Type', file.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Security-Policy', STORED_FILE_CSP(file.contentType))
    .header(
      'Content-Disposition',
      `inline; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
    )
    .header('Content-Length', file.sizeBytes)
    .send(ctx.files.createReadStream(file.storageKey));
}
