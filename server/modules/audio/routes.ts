import type { FastifyInstance } from 'fastify';
import { audioProcessRequestSchema } from '../../../contract/feedback';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { currentTeacher, requireTeacher } from '../../platform/guards';
import { sendWithRanges } from '../../platform/http/stored-file';
import { parseInput } from '../../platform/validation';
import { audioUrl } from '../feedback/presenter';
import { enhanceForTeacher } from '../settings/ai-switches';
import { findTeacherFile } from '../uploads/service';
import { storeRecording } from './recording';
import { audioSchemas } from './route-schemas';

/** 10 MB of audio as base64 (4/3) inside JSON, with room for the transcript. */
const AUDIO_BODY_LIMIT = 15 * 1024 * 1024;

export async function audioRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/audio/process',
    {
      schema: audioSchemas.process,
      bodyLimit: AUDIO_BODY_LIMIT,
      preHandler: requireTeacher(ctx.db),
    },
    async (request) => {
      const teacher = currentTeacher(request);
      const input = parseInput(audioProcessRequestSchema, request.body);
      const { file, durationSeconds, transcript } = await storeRecording(
        ctx,
        teacher.id,
        input.audioData,
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
    { schema: audioSchemas.recording, preHandler: requireTeacher(ctx.db) },
    async (request, reply) => {
      const { fileId } = request.params as { fileId: string };
      const file = await findTeacherFile(ctx.db, currentTeacher(request).id, fileId);
      if (!file?.contentType.startsWith('audio/')) throw notFound('Recording not found');
      return sendWithRanges(reply, ctx, file, request.headers.range, {
        cacheControl: 'private, no-cache',
      });
    },
  );
}
