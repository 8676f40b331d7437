import type { FastifyInstance } from 'fastify';
import type { SchemaTypes } from '../../platform/api-docs';
import { AppError } from '../../platform/errors';
import type { ThrottleRule } from '../../platform/throttle';
import { changePassphrase, ensureClassroomKey, suggestPassphrase } from '../../records/classroom';
import type { AppContext } from '../../records/context';
import { currentTeacher, requireTeacher } from '../../records/teachers';
import { classroomSchemas } from './route-schemas';

/**
 * With about 550 million phrases a teacher meets "already in use" almost never by
 * chance; 10 an hour is plenty for a person and useless for probing which phrases exist.
 */
export const PHRASE_CONFLICTS_PER_TEACHER: ThrottleRule = { limit: 10, windowMs: 60 * 60_000 };

/** The teacher's own classroom passphrase (settings, header). */
export async function classroomRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  app.addHook('preValidation', requireTeacher(ctx.db));

  app.get('/api/settings/classroom-phrase', { schema: classroomSchemas.read }, async (request) => {
    const key = await ensureClassroomKey(ctx.db, currentTeacher(request).id);
    return { classroomPhrase: key.keyPhrase };
  });

  // A fresh suggestion for the settings form; nothing changes until it is saved.
  app.get(
    '/api/settings/classroom-phrase/suggestion',
    { schema: classroomSchemas.suggestion },
    async () => ({
      classroomPhrase: await suggestPassphrase(ctx.db),
    }),
  );

  app.post(
    '/api/settings/classroom-phrase',
    { schema: classroomSchemas.update },
    async (request) => {
      const { classroomPhrase } = request.body;
      const teacherId = currentTeacher(request).id;
      // "Already in use" tells whether another class's phrase exists: checked before the
      // look-up, so once the allowance is spent the answer reveals nothing.
      const conflicts = `phrase-conflict:teacher:${teacherId}`;
      await ctx.throttle.check(conflicts, PHRASE_CONFLICTS_PER_TEACHER);
      try {
        const key = await changePassphrase(ctx.db, teacherId, classroomPhrase);
        return { classroomPhrase: key.keyPhrase };
      } catch (error) {
        if (error instanceof AppError && error.code === 'passphrase_taken') {
          await ctx.throttle.hit(conflicts, PHRASE_CONFLICTS_PER_TEACHER).catch(() => undefined);
        }
        throw error;
      }
    },
  );
}
