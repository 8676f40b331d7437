import type { FastifyInstance } from 'fastify';
import type { SchemaTypes } from '../../platform/api-docs';
import type { AppContext } from '../../records/context';
import { enhanceForTeacher } from '../../records/settings';
import { currentTeacher, requireTeacher } from '../../records/teachers';
import { transcriptSchemas } from './route-schemas';

/**
 * Re-runs the enhancer on text the teacher has edited. Nothing is stored: the answer
 * goes back into the report form, and the teacher saves the report as usual. With the
 * feedback assistant switched off the text comes back unchanged.
 */
export async function transcriptRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  app.post(
    '/api/transcripts/enhance',
    { schema: transcriptSchemas.enhance, preValidation: requireTeacher(ctx.db) },
    async (request) => {
      const { text } = request.body;
      return {
        enhancedTranscript: await enhanceForTeacher(ctx, currentTeacher(request).id, text),
      };
    },
  );
}
