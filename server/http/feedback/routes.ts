import type { FastifyInstance } from 'fastify';
import type { SchemaTypes } from '../../platform/api-docs';
import { sendWithRanges } from '../../platform/http';
import type { AppContext } from '../../records/context';
import {
  createFeedback,
  currentRange,
  deleteFeedback,
  listFeedback,
  presentFeedback,
  regionCropOf,
  updateFeedback,
} from '../../records/feedback';
import { currentTeacher, requireTeacher } from '../../records/teachers';
import { feedbackSchemas } from './route-schemas';

/** A document's feedback as the teacher sees it, anchored on the text as it is now. */
export async function documentFeedback(ctx: AppContext, teacherId: number, documentId: number) {
  const { pages, items } = await listFeedback(ctx, teacherId, documentId);
  return items.map((item) => currentRange(pages, presentFeedback(item), item));
}

export async function feedbackRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  app.addHook('preValidation', requireTeacher(ctx.db));

  app.get('/api/documents/:id/feedback', { schema: feedbackSchemas.list }, async (request) => {
    const { id } = request.params;
    return documentFeedback(ctx, currentTeacher(request).id, id);
  });

  app.post('/api/documents/:id/feedback', { schema: feedbackSchemas.create }, async (request) => {
    const { id } = request.params;
    const input = request.body;
    return presentFeedback(await createFeedback(ctx, currentTeacher(request).id, id, input));
  });

  app.get(
    '/api/feedback/:id/region-crop',
    { schema: feedbackSchemas.regionCrop },
    async (request, reply) => {
      const { id } = request.params;
      const file = await regionCropOf(ctx, currentTeacher(request).id, id);
      return sendWithRanges(reply, ctx, file, undefined, { cacheControl: 'private, no-store' });
    },
  );

  app.put('/api/feedback/:id', { schema: feedbackSchemas.update }, async (request) => {
    const { id } = request.params;
    const { content } = request.body;
    return presentFeedback(await updateFeedback(ctx, currentTeacher(request).id, id, content));
  });

  app.delete('/api/feedback/:id', { schema: feedbackSchemas.remove }, async (request) => {
    const { id } = request.params;
    await deleteFeedback(ctx, currentTeacher(request).id, id);
    return { message: 'Feedback deleted' as const };
  });
}
