import type { FastifyInstance } from 'fastify';
import { onboardingUpdateSchema, preferencesUpdateSchema } from '../../../contract/settings';
import type { AppContext } from '../../platform/context';
import { currentTeacher, requireTeacher } from '../../platform/guards';
import { parseInput } from '../../platform/validation';
import { readSettings, updateOnboarding, updatePreferences } from './store';

/** The teacher's settings and onboarding state (spec: Settings tabs; dashboard intro). */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preHandler', requireTeacher(ctx.db));

  app.get('/api/settings', async (request) => readSettings(ctx.db, currentTeacher(request).id));

  app.put('/api/settings', async (request) => {
    const changes = parseInput(preferencesUpdateSchema, request.body);
    const preferences = await updatePreferences(ctx.db, currentTeacher(request).id, changes);
    return { preferences };
  });

  app.put('/api/settings/onboarding', async (request) => {
    const changes = parseInput(onboardingUpdateSchema, request.body);
    const onboarding = await updateOnboarding(ctx.db, currentTeacher(request).id, changes);
    return { onboarding };
  });
}
