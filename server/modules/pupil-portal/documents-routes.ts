import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { normalisePassphrase } from '../../../contract/classroom';
import { UNIQUE_ID_PATTERN } from '../../../contract/documents';
import { documents } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import type { ThrottleRule } from '../../platform/throttle';
import { parseInput } from '../../platform/validation';
import { sendWithRanges } from '../audio/routes';
import { findClassroomKeyByPhrase } from '../classroom/passphrase';
import { downloadQuerySchema, sendDownload } from '../sharing/downloads';
import { presentSharedView } from '../sharing/presenter';
import { privatePageHeaders } from '../sharing/routes';
import { loadSharedDocument } from '../sharing/service';
import { isPublished } from './service';

const paramsSchema = z.object({ phrase: z.string().max(200), uniqueId: z.string().max(20) });
/** Wrong unique ids under one phrase: a class opening its links is far below this. */
const MISSES_PER_PHRASE: ThrottleRule = { limit: 100, windowMs: 15 * 60_000 };
const NOT_FOUND_MESSAGE = 'This document could not be found. Check the address with your teacher.';

/**
 * /documents/{classroomPhrase}/{uniqueId}: a pupil's own work, reached with the current
 * classroom phrase. After the teacher changes the phrase, the old addresses stop working.
 */
export async function pupilDocumentRoutes(app: FastifyInstance, ctx: AppContext) {
  async function findDocument(params: unknown) {
    const { phrase: raw, uniqueId } = parseInput(paramsSchema, params);
    const phrase = normalisePassphrase(decodeURIComponent(raw));
    await ctx.throttle.check(`pupil-doc:phrase:${phrase}`, MISSES_PER_PHRASE);
    const key = UNIQUE_ID_PATTERN.test(uniqueId)
      ? await findClassroomKeyByPhrase(ctx.db, phrase)
      : null;
    const [document] = key
      ? await ctx.db
          .select()
          .from(documents)
          .where(and(eq(documents.uniqueId, uniqueId), eq(documents.teacherId, key.teacherId)))
      : [];
    if (!key || !document) {
      await ctx.throttle.hit(`pupil-doc:phrase:${phrase}`, MISSES_PER_PHRASE);
      throw notFound(NOT_FOUND_MESSAGE);
    }
    return { key, document };
  }

  /** Drafts stay private: feedback shows once the work is shared or marked reviewed. */
  async function loadForPupil(documentId: number) {
    const loaded = await loadSharedDocument(ctx, documentId);
    return isPublished(loaded.document.status) ? loaded : { ...loaded, items: [] };
  }

  app.get('/api/pupil-documents/:phrase/:uniqueId', async (request, reply) => {
    privatePageHeaders(reply);
    const { key, document } = await findDocument(request.params);
    const loaded = await loadForPupil(document.id);
    return presentSharedView(loaded, {
      filePath: `/documents/${key.keyPhrase}/${document.uniqueId}/file`,
      sharedAt: document.sharedAt ?? document.reviewedAt ?? document.updatedAt,
      expiresAt: null,
    });
  });

  app.get('/api/pupil-documents/:phrase/:uniqueId/download', async (request, reply) => {
    privatePageHeaders(reply);
    const { document } = await findDocument(request.params);
    const { format } = parseInput(downloadQuerySchema, request.query);
    return sendDownload(reply, ctx, await loadForPupil(document.id), format);
  });

  app.get('/documents/:phrase/:uniqueId/file', async (request, reply) => {
    privatePageHeaders(reply);
    const { document } = await findDocument(request.params);
    const loaded = await loadSharedDocument(ctx, document.id);
    if (!loaded.file) throw notFound(NOT_FOUND_MESSAGE);
    reply.header(
      'Content-Disposition',
      `inline; filename*=UTF-8''${encodeURIComponent(loaded.file.originalName)}`,
    );
    reply.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    return sendWithRanges(reply, ctx, loaded.file, request.headers.range, 'no-store');
  });
}
