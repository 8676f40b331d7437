import type { FastifyInstance } from 'fastify';
import { updateClassroomPhraseSchema } from '../../../contract/classroom';
import type { AppContext } from '../../platform/context';
import { currentTeacher, requireTeacher } from '../../platform/guards';
import { parseInput } from '../../platform/validation';
import { changePassphrase, ensureClassroomKey, suggestPassphrase } from './passphrase';

/** The teacher's own classroom passphrase (settings, header). */
export async function classroomRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preHandler', requireTeacher(ctx.db));

  app.get('/api/settings/classroom-phrase', async (request) => {
    const key = await ensureClassroomKey(ctx.db, currentTeacher(request).id);
    return { classroomPhrase: key.keyPhrase };
  });

  // A fresh suggestion for the settings form; nothing changes until it is saved.
  app.get('/api/settings/classroom-phrase/suggestion', async () => ({
    classroomPhrase: await suggestPassphrase(ctx.db),
  }));

  app.post('/api/settings/classroom-phrase', async (request) => {
    const { classroomPhrase } = parseInput(updateClassroomPhraseSchema, request.body);
    const key = await changePassphrase(ctx.db, currentTeacher(request).id, classroomPhrase);
    return { classroomPhrase: key.keyPhrase };
  });
}
