import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentIdParamsSchema } from '../../../contract/documents';
import { recordIdSchema } from '../../../contract/ids';
import { shareFeedbackSchema } from '../../../contract/sharing';
import { currentTeacher, requireTeacher } from '../../platform/guards';
import { privatePageHeaders } from '../../platform/http';
import { parseId, parseInput } from '../../platform/validation';
import type { AppContext } from '../../records/context';
import {
  DOCUMENT_NOT_FOUND,
  documentFile,
  getTeacherDocument,
  sendOriginalFile,
} from '../../records/documents';
import { audioUrl } from '../../records/feedback';
import {
  findLiveFeedbackLink,
  INVALID_LINK_MESSAGE,
  listShareLinks,
  loadSharedDocument,
  presentSharedView,
  revokeShareLink,
  SharedViewCache,
  sendViewAudio,
  sendViewRegionCrop,
  shareFeedback,
  viewMediaPaths,
} from '../../records/sharing';
import { downloadQuerySchema, sendDownload } from '../../work/exports';
import { sharingSchemas } from './route-schemas';

const linkIdParamsSchema = z.object({
  id: recordIdSchema('Link not found'),
});
const accessKeyParamsSchema = z.object({ accessKey: z.string().max(100) });

export async function sharingRoutes(app: FastifyInstance, ctx: AppContext) {
  // A parent's page is answered from memory until anything it shows changes.
  const viewCache = new SharedViewCache(ctx);
  app.addHook('onClose', async () => viewCache.close());

  // Teacher side.
  app.register(async (teacherApi) => {
    teacherApi.addHook('preHandler', requireTeacher(ctx.db));

    teacherApi.post(
      '/api/documents/:id/share-feedback',
      { schema: sharingSchemas.share },
      async (request) => {
        const { id } = parseId(documentIdParamsSchema, request.params, DOCUMENT_NOT_FOUND);
        const input = parseInput(shareFeedbackSchema, request.body);
        return shareFeedback(ctx, currentTeacher(request), id, input);
      },
    );

    teacherApi.get(
      '/api/documents/:id/share-links',
      { schema: sharingSchemas.links },
      async (request) => {
        const { id } = parseId(documentIdParamsSchema, request.params, DOCUMENT_NOT_FOUND);
        return listShareLinks(ctx, currentTeacher(request).id, id);
      },
    );

    teacherApi.post(
      '/api/share-links/:id/revoke',
      { schema: sharingSchemas.revoke },
      async (request) => {
        const { id } = parseId(linkIdParamsSchema, request.params, 'Link not found');
        await revokeShareLink(ctx, currentTeacher(request).id, id);
        return { message: 'Link revoked' };
      },
    );

    teacherApi.get(
      '/api/documents/:id/download',
      { schema: sharingSchemas.teacherDownload },
      async (request, reply) => {
        const { id } = parseId(documentIdParamsSchema, request.params, DOCUMENT_NOT_FOUND);
        const { format } = parseInput(downloadQuerySchema, request.query);
        await getTeacherDocument(ctx.db, currentTeacher(request).id, { id });
        return sendDownload(
          reply,
          ctx,
          await loadSharedDocument(ctx, id, { publishedOnly: false }),
          format,
          (item) => audioUrl(item.audioFileId),
        );
      },
    );
  });

  // Public side: whoever holds the access key.
  app.get(
    '/api/feedback-view/:accessKey',
    { schema: sharingSchemas.view },
    async (request, reply) => {
      privatePageHeaders(reply);
      const { accessKey } = parseInput(accessKeyParamsSchema, request.params);
      const answer = await viewCache.open(accessKey, async () => {
        const link = await findLiveFeedbackLink(ctx, accessKey);
        const loaded = await loadSharedDocument(ctx, link.documentId, { publishedOnly: true });
        const view = presentSharedView(loaded, {
          filePath: null,
          sharedAt: link.createdAt,
          expiresAt: link.expiresAt,
          viewAddress: `/api/feedback-view/${encodeURIComponent(accessKey)}`,
        });
        return { linkId: link.id, expiresAt: link.expiresAt, body: JSON.stringify(view) };
      });
      // A HEAD (a link checker, a preview bot) is not the parent opening it.
      if (request.method === 'GET') ctx.linkViews.note(answer.linkId);
      // Already JSON: sent as it is kept.
      return reply
        .type('application/json; charset=utf-8')
        .serializer((body) => body as string)
        .send(answer.body);
    },
  );

  app.get(
    '/api/feedback-view/:accessKey/region-crop/:feedbackId',
    { schema: sharingSchemas.regionCrop },
    async (request, reply) => {
      privatePageHeaders(reply);
      const { accessKey } = parseInput(accessKeyParamsSchema, request.params);
      const link = await findLiveFeedbackLink(ctx, accessKey);
      const loaded = await loadSharedDocument(ctx, link.documentId, { publishedOnly: true });
      return sendViewRegionCrop(reply, ctx, loaded, request.params);
    },
  );

  /** A recording the view lists: only while the link is live. Not a view. */
  app.get(
    '/api/feedback-view/:accessKey/audio/:feedbackId',
    { schema: sharingSchemas.audio },
    async (request, reply) => {
      privatePageHeaders(reply);
      const { accessKey } = parseInput(accessKeyParamsSchema, request.params);
      const link = await findLiveFeedbackLink(ctx, accessKey);
      const loaded = await loadSharedDocument(ctx, link.documentId, { publishedOnly: true });
      return sendViewAudio(reply, ctx, loaded, request.params, request.headers.range);
    },
  );

  /** The pupil's file for the shared page view: only while the link is live. Not a view. */
  app.get(
    '/api/feedback-view/:accessKey/original',
    { schema: sharingSchemas.viewOriginal },
    async (request, reply) => {
      privatePageHeaders(reply);
      const { accessKey } = parseInput(accessKeyParamsSchema, request.params);
      const link = await findLiveFeedbackLink(ctx, accessKey);
      const file = await documentFile(ctx, link.documentId);
      return sendOriginalFile(reply, ctx, file, INVALID_LINK_MESSAGE);
    },
  );

  app.get(
    '/api/feedback-view/:accessKey/download',
    { schema: sharingSchemas.viewDownload },
    async (request, reply) => {
      privatePageHeaders(reply);
      const { accessKey } = parseInput(accessKeyParamsSchema, request.params);
      const { format } = parseInput(downloadQuerySchema, request.query);
      const link = await findLiveFeedbackLink(ctx, accessKey);
      const { audioPath } = viewMediaPaths(`/api/feedback-view/${encodeURIComponent(accessKey)}`);
      return sendDownload(
        reply,
        ctx,
        await loadSharedDocument(ctx, link.documentId, { publishedOnly: true }),
        format,
        (item) => audioPath(item.id),
      );
    },
  );
}
