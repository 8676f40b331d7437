import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { audioProcessRequestSchema } from '../../../contract/feedback';
import { files } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { currentTeacher, requireTeacher } from '../../platform/guards';
import { parseInput } from '../../platform/validation';
import { audioUrl } from '../feedback/presenter';
import { inspectAudio } from '../uploads/inspect';
import { storeFile } from '../uploads/service';
import { parseRange } from './range';

/** 10 MB of audio as base64 (4/3) inside JSON, with room for the transcript. */
const AUDIO_BODY_LIMIT = 15 * 1024 * 1024;

function decodeAudioData(audioData: string): Buffer {
  const base64 = audioData.replace(/^data:[^;,]+(?:;[^;,]+)*;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]+$/.test(base64))
    throw badRequest('The recording could not be read', 'invalid_audio');
  return Buffer.from(base64, 'base64');
}

async function transcribe(
  ctx: AppContext,
  bytes: Buffer,
  audio: { contentType: string; extension: string },
  dictated: string | null | undefined,
): Promise<string> {
  const fromBrowser = dictated?.trim() ?? '';
  if (!ctx.ai.transcriber.available) return fromBrowser;
  try {
    return (
      (await ctx.ai.transcriber.transcribe(bytes, audio.contentType, audio.extension)) ||
      fromBrowser
    );
  } catch (error) {
    // The recording is kept either way; the teacher can still type a note.
    ctx.log.warn({ err: error }, 'Transcription provider failed');
    return fromBrowser;
  }
}

export async function audioRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/audio/process',
    { bodyLimit: AUDIO_BODY_LIMIT, preHandler: requireTeacher(ctx.db) },
    async (request) => {
      const teacher = currentTeacher(request);
      const input = parseInput(audioProcessRequestSchema, request.body);
      const bytes = decodeAudioData(input.audioData);
      const audio = await inspectAudio(bytes);
      const file = await storeFile(ctx, {
        teacherId: teacher.id,
        bytes,
        originalName: `feedback.${audio.extension}`,
        contentType: audio.contentType,
        extension: audio.extension,
        uploadedBy: 'teacher',
      });
      // A configured provider transcribes the clip; otherwise the transcript is what the
      // browser's dictation heard (if the teacher opted in), and with neither it stays
      // empty rather than invented.
      const transcript = await transcribe(ctx, bytes, audio, input.transcript);
      return {
        audioUrl: audioUrl(file.id),
        duration: Math.round(audio.durationSeconds * 10) / 10,
        transcript,
        enhancedTranscript: await ctx.ai.enhancer.enhance(transcript),
      };
    },
  );

  /**
   * Recordings are served by their unguessable id, with byte ranges so every browser
   * can seek (Safari will not play audio without them).
   */
  app.get('/api/audio/:fileId', async (request, reply) => {
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
