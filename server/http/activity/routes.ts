import type { FastifyInstance } from 'fastify';
import type { SchemaTypes } from '../../platform/api-docs';
import type { AppContext } from '../../records/context';
import { currentTeacher, requireTeacher } from '../../records/teachers';
import { recentActivity } from '../../work/activity';
import { activitySchemas } from './route-schemas';

/** The dashboard's Recent Activity. */
export async function activityRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  app.addHook('preValidation', requireTeacher(ctx.db));

  app.get('/api/activity', { schema: activitySchemas.recent }, async (request) =>
    recentActivity(ctx.db, currentTeacher(request).id),
  );
}
