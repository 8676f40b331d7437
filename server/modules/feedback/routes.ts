import type { FastifyInstance } from 'fastify';
import { documentIdParamsSchema } from '../../../contract/documents';
import {
  createFeedbackSchema,
  feedbackIdParamsSchema,
  updateFeedbackSchema,
} from '../../../contract/feedback';
import type { AppContext } from '../../platform/context';
import { currentTeacher, requireTeacher } from '../../platform/guards';
import { parseInput } from '../../platform/validation';
import { presentFeedback } from './presenter';
import { createFeedback, deleteFeedback, listFeedback, updateFeedback } from './service';

export async function feedbackRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preHandler', requireTeacher(ctx.db));

  app.get('/api/documents/:id/feedback', async (request) => {
    const { id } = parseInput(documentIdParamsSchema, request.params);
    return (await listFeedback(ctx, currentTeacher(request).id, id)).map(presentFeedback);
  });

  app.post('/api/documents/:id/feedback', async (request) => {
    const { id } = parseInput(documentIdParamsSchema, request.params);
    const input = parseInput(createFeedbackSchema, request.body);
    return presentFeedback(await createFeedback(ctx, currentTeacher(request).id, id, input));
  });

  app.put('/api/feedback/:id', async (request) => {
    const { id } = parseInput(feedbackIdParamsSchema, request.params);
    const { content } = parseInput(updateFeedbackSchema, request.body);
    return presentFeedback(await updateFeedback(ctx, currentTeacher(request).id, id, content));
  });

  app.delete('/api/feedback/:id', async (request) => {
    const { id } = parseInput(feedbackIdParamsSchema, request.params);
    await deleteFeedback(ctx, currentTeacher(request).id, id);
    return { message: 'Feedback deleted' };
  });
}
