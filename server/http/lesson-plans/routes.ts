import type { FastifyInstance } from 'fastify';
import type { SchemaTypes } from '../../platform/api-docs';
import type { AppContext } from '../../records/context';
import {
  addToLesson,
  bumpDay,
  copyPlan,
  createLesson,
  createPlan,
  deleteLesson,
  deletePlan,
  duplicateLesson,
  getPlan,
  listPlans,
  presentLesson,
  presentPlan,
  updateLesson,
  updatePlan,
} from '../../records/plans';
import { requireLessonSuggestions } from '../../records/settings';
import { currentTeacher, requireTeacher } from '../../records/teachers';
import { respondToSuggestion, suggestForPlan } from '../../work/suggestions';
import { lessonPlanSchemas } from './route-schemas';

export async function lessonPlanRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  app.addHook('preValidation', requireTeacher(ctx.db));
  acceptEmptyJson(app);

  app.get('/api/lesson-plans', { schema: lessonPlanSchemas.list }, async (request) => {
    const plans = await listPlans(ctx, currentTeacher(request).id);
    return plans.map(({ plan, lessons }) => presentPlan(plan, lessons));
  });

  app.get('/api/lesson-plans/:id', { schema: lessonPlanSchemas.read }, async (request) => {
    const { id } = request.params;
    const { plan, lessons } = await getPlan(ctx, currentTeacher(request).id, id);
    return presentPlan(plan, lessons);
  });

  app.post('/api/lesson-plans', { schema: lessonPlanSchemas.create }, async (request) => {
    const input = request.body;
    const { plan, lessons } = await createPlan(ctx, currentTeacher(request).id, input);
    return presentPlan(plan, lessons);
  });

  app.put('/api/lesson-plans/:id', { schema: lessonPlanSchemas.update }, async (request) => {
    const { id } = request.params;
    const input = request.body;
    const { plan, lessons } = await updatePlan(ctx, currentTeacher(request).id, id, input);
    return presentPlan(plan, lessons);
  });

  app.delete('/api/lesson-plans/:id', { schema: lessonPlanSchemas.remove }, async (request) => {
    await deletePlan(ctx, currentTeacher(request).id, request.params.id);
    return { message: 'Lesson plan deleted' as const };
  });

  app.post('/api/lesson-plans/:id/copy', { schema: lessonPlanSchemas.copy }, async (request) => {
    const { id } = request.params;
    const input = request.body;
    const { plan, lessons } = await copyPlan(ctx, currentTeacher(request).id, id, input);
    return presentPlan(plan, lessons);
  });

  app.post(
    '/api/lesson-plans/:id/lessons',
    { schema: lessonPlanSchemas.addLesson },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      return presentLesson(await createLesson(ctx, currentTeacher(request).id, id, input));
    },
  );

  app.post(
    '/api/lesson-plans/:id/ai-suggestion',
    { schema: lessonPlanSchemas.suggest },
    async (request) => {
      const teacherId = currentTeacher(request).id;
      const { id } = request.params;
      const input = request.body;
      await requireLessonSuggestions(ctx, teacherId);
      return suggestForPlan(ctx, teacherId, id, input);
    },
  );

  app.post(
    '/api/lesson-plans/:id/suggestion-responses',
    { schema: lessonPlanSchemas.respond },
    async (request) => {
      const teacherId = currentTeacher(request).id;
      const { id } = request.params;
      const input = request.body;
      await respondToSuggestion(ctx, teacherId, id, input);
      return { message: 'Suggestion noted' as const };
    },
  );

  app.post('/api/lesson-plans/:id/bump', { schema: lessonPlanSchemas.bump }, async (request) => {
    const { id } = request.params;
    const { day } = request.body;
    const result = await bumpDay(ctx, currentTeacher(request).id, id, day);
    return {
      plan: presentPlan(result.plan.plan, result.plan.lessons),
      nextPlan: result.nextPlan ? presentPlan(result.nextPlan.plan, result.nextPlan.lessons) : null,
    };
  });

  app.put('/api/lessons/:id', { schema: lessonPlanSchemas.updateLesson }, async (request) => {
    const { id } = request.params;
    const input = request.body;
    return presentLesson(await updateLesson(ctx, currentTeacher(request).id, id, input));
  });

  app.post(
    '/api/lessons/:id/duplicate',
    { schema: lessonPlanSchemas.duplicateLesson },
    async (request) => {
      const { id } = request.params;
      return presentLesson(await duplicateLesson(ctx, currentTeacher(request).id, id));
    },
  );

  app.post(
    '/api/lessons/:id/additions',
    { schema: lessonPlanSchemas.addToLesson },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      return presentLesson(await addToLesson(ctx, currentTeacher(request).id, id, input));
    },
  );

  app.delete('/api/lessons/:id', { schema: lessonPlanSchemas.removeLesson }, async (request) => {
    await deleteLesson(ctx, currentTeacher(request).id, request.params.id);
    return { message: 'Lesson deleted' };
  });
}

/**
 * The suggestion request has an empty body, and clients send it with or without a JSON
 * content type: here (in this module only) an empty JSON body is no body, so it reaches
 * the route, and a form sent empty gets "Title is required" as the form would. Everything else
 * goes to Fastify's own parser (prototype-poisoning checks, clear 400s).
 */
function acceptEmptyJson(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, String(body), done);
  });
}
