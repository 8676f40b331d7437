import type { FastifyInstance } from 'fastify';
import type { SchemaTypes } from '../../platform/api-docs';
import type { AppContext } from '../../records/context';
import { ensurePupilCodes } from '../../records/pupil-access';
import {
  preferencesOf,
  readSettings,
  updateOnboarding,
  updatePreferences,
} from '../../records/settings';
import { currentTeacher, requireTeacher } from '../../records/teachers';
import { forgetRetentionNotices } from '../../work/retention';
import { settingsSchemas } from './route-schemas';

/** The teacher's settings and onboarding state (the Settings tabs; the dashboard intro). */
export async function settingsRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  app.addHook('preValidation', requireTeacher(ctx.db));

  app.get('/api/settings', { schema: settingsSchemas.read }, async (request) =>
    readSettings(ctx.db, currentTeacher(request).id),
  );

  app.put('/api/settings', { schema: settingsSchemas.update }, async (request) => {
    const changes = request.body;
    const teacherId = currentTeacher(request).id;
    const before = await preferencesOf(ctx.db, teacherId);
    const preferences = await updatePreferences(ctx.db, teacherId, changes);
    // A new retention period gives its own week's notice before anything is purged.
    if (preferences.retentionYears !== before.retentionYears) {
      await forgetRetentionNotices(ctx, teacherId);
    }
    // Protection on: every pupil needs a code the teacher can hand out from the directory.
    if (preferences.markedWorkProtection && !before.markedWorkProtection) {
      await ensurePupilCodes(ctx.db, teacherId);
    }
    return { preferences };
  });

  app.put('/api/settings/onboarding', { schema: settingsSchemas.onboarding }, async (request) => {
    const changes = request.body;
    const onboarding = await updateOnboarding(ctx.db, currentTeacher(request).id, changes);
    return { onboarding };
  });
}
