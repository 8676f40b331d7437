import type { FastifyInstance } from 'fastify';
import type { SchemaTypes } from '../../platform/api-docs';
import type { AppContext } from '../../records/context';
import {
  myAssignments,
  requireClassroomKey,
  submitAssignment,
  verifyKey,
} from '../../records/pupil-access';
import { preferencesOf } from '../../records/settings';
import { pupilPortalSchemas } from './route-schemas';

/** Pupils have no account: these routes are open, and the classroom key is the capability. */
export async function pupilPortalRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  app.post(
    '/api/student-portal/verify-key',
    { schema: pupilPortalSchemas.verifyKey },
    async (request) => {
      const { keyPhrase } = request.body;
      const key = await verifyKey(ctx, keyPhrase, request.ip);
      return { valid: true, id: key.id };
    },
  );

  app.get(
    '/api/classroom-keys/:id',
    { schema: pupilPortalSchemas.classroomKey },
    async (request) => {
      const { id } = request.params;
      const key = await requireClassroomKey(ctx, id);
      const { markedWorkProtection } = await preferencesOf(ctx.db, key.teacherId);
      return { id: key.id, name: key.name, asksPupilCode: markedWorkProtection };
    },
  );

  app.post(
    '/api/student-portal/submit-assignment',
    { schema: pupilPortalSchemas.submit },
    async (request) => {
      const input = request.body;
      const { document, pupilCode } = await submitAssignment(ctx, input);
      return {
        id: document.id,
        uniqueId: document.uniqueId,
        title: document.title,
        message: 'Your work has been handed in.',
        pupilCode,
      };
    },
  );

  app.post(
    '/api/student-portal/my-assignments',
    { schema: pupilPortalSchemas.myAssignments },
    async (request) => {
      const input = request.body;
      return myAssignments(ctx, input, request.ip);
    },
  );
}
