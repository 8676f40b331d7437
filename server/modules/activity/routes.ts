import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { currentTeacher, requireTeacher } from '../../platform/guards';
import { activitySchemas } from './route-schemas';
import { recentActivity } from './service';

/** The dashboard's Recent Activity (spec teacher-workspace §2). */
export async function activityRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preHandler', requireTeacher(ctx.db));

  app.get('/api/activity', { schema: activitySchemas.recent }, async (request) =>
    recentActivity(ctx.db, currentTeacher(request).id),
  );
}
