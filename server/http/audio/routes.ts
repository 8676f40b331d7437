import type { FastifyInstance } from 'fastify';
import { audioProcessFieldsSchema, NO_RECORDING } from '../../../contract/feedback';
import type { SchemaTypes } from '../../platform/api-docs';
import { badRequest, notFound } from '../../platform/errors';
import { sendWithRanges } from '../../platform/http';
import { parseInput } from '../../platform/validation';
import type { AppContext } from '../../records/context';
import { audioUrl } from '../../records/feedback';
import { storeRecording } from '../../records/recordings';
import { enhanceForTeacher } from '../../records/settings';
import { currentTeacher, requireTeacher } from '../../records/teachers';
import {
  findTeacherFile,
  JSON_MEDIA_BODY_LIMIT,
  MAX_AUDIO_BYTES,
  readMediaBody,
} from '../../records/uploads';
import { audioSchemas } from './route-schemas';

export async function audioRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  app.post(
    '/api/audio/process',
    {
      schema: audioSchemas.process,
      bodyLimit: JSON_MEDIA_BODY_LIMIT,
      config: { acceptsFormUpload: true },
      preValidation: requireTeacher(ctx.db),
    },
    async (request) => {
      const teacher = currentTeacher(request);
      const { bytes, fields } = await readMediaBody(ctx, request, teacher.id, {
        fileField: 'audio',
        dataField: 'audioData',
        maxBytes: MAX_AUDIO_BYTES,
        what: 'The recording',
      });
      const input = parseInput(audioProcessFieldsSchema, fields);
      if (!bytes) throw badRequest(NO_RECORDING, 'validation_error');
      const { file, durationSeconds, transcript } = await storeRecording(
        ctx,
        teacher.id,
        bytes,
        input.transcript,
      );
      return {
        audioUrl: audioUrl(file.id),
        duration: Math.round(durationSeconds * 10) / 10,
        transcript,
        enhancedTranscript: await enhanceForTeacher(ctx, teacher.id, transcript),
      };
    },
  );

  /** The teacher's own recordings only: another teacher's, or nobody's session, is 404. */
  app.get(
    '/api/audio/:fileId',
    { schema: audioSchemas.recording, preValidation: requireTeacher(ctx.db) },
    async (request, reply) => {
      const { fileId } = request.params;
      const file = await findTeacherFile(ctx.db, currentTeacher(request).id, fileId);
      if (!file?.contentType.startsWith('audio/')) throw notFound('Recording not found');
      return sendWithRanges(reply, ctx, file, request.headers.range, {
        cacheControl: 'private, no-cache',
      });
    },
  );
}
