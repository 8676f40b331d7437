import type { FastifyInstance } from 'fastify';
import { normalisePassphrase } from '../../../contract/classroom';
import { UNIQUE_ID_PATTERN } from '../../../contract/documents';
import type { SchemaTypes } from '../../platform/api-docs';
import { notFound } from '../../platform/errors';
import { privatePage, sendWithRanges } from '../../platform/http';
import type { ThrottleRule } from '../../platform/throttle';
import { findClassroomKeyByPhrase } from '../../records/classroom';
import type { AppContext } from '../../records/context';
import {
  documentFile,
  findTeacherDocumentByUniqueId,
  pupilDocumentApiPath,
  pupilDocumentPath,
  sendOriginalFile,
} from '../../records/documents';
import {
  loadSharedDocument,
  presentSharedView,
  sendViewAudio,
  sendViewRegionCrop,
  viewMediaPaths,
} from '../../records/sharing';
import { sendDownload } from '../../work/exports';
import { NOT_FOUND_MESSAGE, pupilDocumentSchemas } from './route-schemas';

/** Wrong addresses per network address: a class opening its links is far below this. */
const MISSES_PER_ADDRESS: ThrottleRule = { limit: 300, windowMs: 15 * 60_000 };

/**
 * /documents/{classroomPhrase}/{uniqueId}: a pupil's own work, reached with the current
 * classroom phrase. After the teacher changes the phrase, the old addresses stop working.
 */
export async function pupilDocumentRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  async function findDocument(params: { phrase: string; uniqueId: string }, ip: string) {
    const { phrase: raw, uniqueId } = params;
    const phrase = normalisePassphrase(raw);
    const misses = `pupil-doc:misses:${ip}`;
    await ctx.throttle.check(misses, MISSES_PER_ADDRESS);
    const key = UNIQUE_ID_PATTERN.test(uniqueId)
      ? await findClassroomKeyByPhrase(ctx.db, phrase)
      : null;
    const document = key
      ? await findTeacherDocumentByUniqueId(ctx.db, key.teacherId, uniqueId)
      : null;
    if (!key || !document) {
      await ctx.throttle.hit(misses, MISSES_PER_ADDRESS);
      throw notFound(NOT_FOUND_MESSAGE);
    }
    return { key, document };
  }

  /** Drafts stay private: pupils see the feedback as last shared or marked reviewed. */
  const loadForPupil = (documentId: number) =>
    loadSharedDocument(ctx, documentId, { publishedOnly: true });

  app.get(
    '/api/pupil-documents/:phrase/:uniqueId',
    { schema: pupilDocumentSchemas.view, onRequest: privatePage },
    async (request) => {
      const { key, document } = await findDocument(request.params, request.ip);
      const loaded = await loadForPupil(document.id);
      return presentSharedView(loaded, {
        filePath: `${pupilDocumentPath(key.keyPhrase, document.uniqueId)}/file`,
        sharedAt: document.publishedAt ?? document.updatedAt,
        expiresAt: null,
        viewAddress: pupilDocumentApiPath(key.keyPhrase, document.uniqueId),
      });
    },
  );

  app.get(
    '/api/pupil-documents/:phrase/:uniqueId/download',
    { schema: pupilDocumentSchemas.download, onRequest: privatePage },
    async (request, reply) => {
      const { key, document } = await findDocument(request.params, request.ip);
      const { format } = request.query;
      const { audioPath } = viewMediaPaths(pupilDocumentApiPath(key.keyPhrase, document.uniqueId));
      return sendDownload(reply, ctx, await loadForPupil(document.id), format, (item) =>
        audioPath(item.id),
      );
    },
  );

  app.get(
    '/api/pupil-documents/:phrase/:uniqueId/region-crop/:feedbackId',
    { schema: pupilDocumentSchemas.regionCrop, onRequest: privatePage },
    async (request, reply) => {
      const { document } = await findDocument(request.params, request.ip);
      return sendViewRegionCrop(
        reply,
        ctx,
        await loadForPupil(document.id),
        request.params.feedbackId,
      );
    },
  );

  app.get(
    '/api/pupil-documents/:phrase/:uniqueId/audio/:feedbackId',
    { schema: pupilDocumentSchemas.audio, onRequest: privatePage },
    async (request, reply) => {
      const { document } = await findDocument(request.params, request.ip);
      const loaded = await loadForPupil(document.id);
      return sendViewAudio(reply, ctx, loaded, request.params.feedbackId, request.headers.range);
    },
  );

  /** The pupil's own file for the page view (the same checks as the document itself). */
  app.get(
    '/api/pupil-documents/:phrase/:uniqueId/original',
    { schema: pupilDocumentSchemas.pageViewFile, onRequest: privatePage },
    async (request, reply) => {
      const { document } = await findDocument(request.params, request.ip);
      return sendOriginalFile(reply, ctx, await documentFile(ctx, document.id), NOT_FOUND_MESSAGE);
    },
  );

  app.get(
    '/documents/:phrase/:uniqueId/file',
    { schema: pupilDocumentSchemas.originalFile, onRequest: privatePage },
    async (request, reply) => {
      const { document } = await findDocument(request.params, request.ip);
      const loaded = await loadForPupil(document.id);
      if (!loaded.file) throw notFound(NOT_FOUND_MESSAGE);
      reply.header(
        'Content-Disposition',
        `inline; filename*=UTF-8''${encodeURIComponent(loaded.file.originalName)}`,
      );
      return sendWithRanges(reply, ctx, loaded.file, request.headers.range, {
        cacheControl: 'no-store',
        csp: "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
    },
  );
}
