import type { FastifyInstance } from 'fastify';
import type { SchemaTypes } from '../../platform/api-docs';
import { privatePage } from '../../platform/http';
import type { AppContext } from '../../records/context';
import { documentFile, getTeacherDocument, sendOriginalFile } from '../../records/documents';
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
import { currentTeacher, requireTeacher } from '../../records/teachers';
import { sendDownload } from '../../work/exports';
import { sharingSchemas } from './route-schemas';

export async function sharingRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  // A parent's page is answered from memory until anything it shows changes.
  const viewCache = new SharedViewCache(ctx);
  app.addHook('onClose', async () => viewCache.close());

  // Teacher side.
  app.register(async (instance) => {
    const teacherApi = instance.withTypeProvider<SchemaTypes>();
    teacherApi.addHook('preValidation', requireTeacher(ctx.db));

    teacherApi.post(
      '/api/documents/:id/share-feedback',
      { schema: sharingSchemas.share },
      async (request) => {
        const { id } = request.params;
        const input = request.body;
        return shareFeedback(ctx, currentTeacher(request), id, input);
      },
    );

    teacherApi.get(
      '/api/documents/:id/share-links',
      { schema: sharingSchemas.links },
      async (request) => {
        const { id } = request.params;
        return listShareLinks(ctx, currentTeacher(request).id, id);
      },
    );

    teacherApi.post(
      '/api/share-links/:id/revoke',
      { schema: sharingSchemas.revoke },
      async (request) => {
        const { id } = request.params;
        await revokeShareLink(ctx, currentTeacher(request).id, id);
        return { message: 'Link revoked' as const };
      },
    );

    teacherApi.get(
      '/api/documents/:id/download',
      { schema: sharingSchemas.teacherDownload },
      async (request, reply) => {
        const { id } = request.params;
        const { format } = request.query;
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
    { schema: sharingSchemas.view, onRequest: privatePage },
    async (request, reply) => {
      const { accessKey } = request.params;
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
    { schema: sharingSchemas.regionCrop, onRequest: privatePage },
    async (request, reply) => {
      const { accessKey } = request.params;
      const link = await findLiveFeedbackLink(ctx, accessKey);
      const loaded = await loadSharedDocument(ctx, link.documentId, { publishedOnly: true });
      return sendViewRegionCrop(reply, ctx, loaded, request.params.feedbackId);
    },
  );

  /** A recording the view lists: only while the link is live. Not a view. */
  app.get(
    '/api/feedback-view/:accessKey/audio/:feedbackId',
    { schema: sharingSchemas.audio, onRequest: privatePage },
    async (request, reply) => {
      const { accessKey } = request.params;
      const link = await findLiveFeedbackLink(ctx, accessKey);
      const loaded = await loadSharedDocument(ctx, link.documentId, { publishedOnly: true });
      return sendViewAudio(reply, ctx, loaded, request.params.feedbackId, request.headers.range);
    },
  );

  /** The pupil's file for the shared page view: only while the link is live. Not a view. */
  app.get(
    '/api/feedback-view/:accessKey/original',
    { schema: sharingSchemas.viewOriginal, onRequest: privatePage },
    async (request, reply) => {
      const { accessKey } = request.params;
      const link = await findLiveFeedbackLink(ctx, accessKey);
      const file = await documentFile(ctx, link.documentId);
      return sendOriginalFile(reply, ctx, file, INVALID_LINK_MESSAGE);
    },
  );

  app.get(
    '/api/feedback-view/:accessKey/download',
    { schema: sharingSchemas.viewDownload, onRequest: privatePage },
    async (request, reply) => {
      const { accessKey } = request.params;
      const { format } = request.query;
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
