import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { audioProcessRequestSchema } from '../../../contract/feedback';
import { files } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { currentTeacher, requireTeacher } from '../../platform/guards';
import { parseInput } from '../../platform/validation';
import { audioUrl } from '../feedback/presenter';
import { enhanceForTeacher } from '../settings/ai-switches';
import { parseRange } from './range';
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

  /**
   * Recordings are served by their unguessable id, with byte ranges so every browser
   * can seek (Safari will not play audio without them).
   */
  app.get('/api/audio/:fileId', { schema: audioSchemas.recording }, async (request, reply) => {
    const { fileId } = request.params as { fileId: string };
    if (!/^[A-Za-z0-9_-]{22}$/.test(fileId)) throw notFound('Recording not found');
    const [file] = await ctx.db
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), like(files.contentType, 'audio/%')));
    if (!file) throw notFound('Recording not found');
    return sendWithRanges(reply, ctx, file, request.headers.range);
  });
}

export async function sendWithRanges(
  reply: FastifyReply,
  ctx: AppContext,
  file: { storageKey: string; contentType: string; sizeBytes: number },
  rangeHeader: string | undefined,
  cacheControl = 'private, max-age=3600',
) {
  // A row whose bytes have gone (restored backup, manual clean-up) is not found, not a crash.
  if (!(await ctx.files.stat(file.storageKey))) throw notFound('File not found');
  const size = file.sizeBytes;
  reply
    .header('Content-Type', file.contentType)
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', cacheControl);
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('Content-Range', `bytes */${size}`).send();
  }
  if (range) {
    return reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(ctx.files.createReadStream(file.storageKey, range));
  }
  return reply.header('Content-Length', size).send(ctx.files.createReadStream(file.storageKey));
}
