import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateVideoRequestSchema } from '../../../contract/avatar-video';
import { files } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { currentTeacher, requireTeacher } from '../../platform/guards';
import { parseInput } from '../../platform/validation';
import { sendWithRanges } from '../audio/routes';
import { presentCreated, presentStatus, type RenderRow } from './presenter';
import { avatarVideoSchemas } from './route-schemas';
import { findRender, startRender } from './service';

/** 10 MB of audio as base64 (4/3) inside JSON, with room for the transcripts. */
const BODY_LIMIT = 15 * 1024 * 1024;

function notReady(row: RenderRow) {
  return row.status === 'failed'
    ? conflict(row.error ?? 'This video could not be rendered.', 'video_failed')
    : conflict(`This video is still being rendered (${row.progress}%).`, 'video_not_ready');
}

export async function avatarVideoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/parent-reports/generate-video',
    {
      schema: avatarVideoSchemas.generate,
      bodyLimit: BODY_LIMIT,
      preHandler: requireTeacher(ctx.db),
    },
    async (request) => {
      // The teacher is the session's; a teacherId in the body is ignored.
      const teacher = currentTeacher(request);
      const input = parseInput(generateVideoRequestSchema, request.body);
      return presentCreated(await startRender(ctx, teacher.id, input));
    },
  );

  /** Progress for the page: the owner only (another teacher's render is not found). */
  app.get(
    '/api/videos/:id/status',
    { schema: avatarVideoSchemas.status, preHandler: requireTeacher(ctx.db) },
    async (request) => {
      const { id } = request.params as { id: string };
      const row = await findRender(ctx, id);
      if (!row || row.teacherId !== currentTeacher(request).id) throw notFound('Video not found');
      return presentStatus(row);
    },
  );

  /** The MP4, by its unguessable id (the address is the permission), with byte ranges. */
  app.get('/api/videos/:id', { schema: avatarVideoSchemas.video }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const row = await findRender(ctx, id);
    if (!row) throw notFound('Video not found');
    if (row.status !== 'done' || !row.videoFileId) throw notReady(row);
    const [file] = await ctx.db.select().from(files).where(eq(files.id, row.videoFileId));
    if (!file) throw notFound('Video not found');
    return sendWithRanges(reply, ctx, file, request.headers.range);
  });

  app.get(
    '/api/videos/:id/captions.vtt',
    { schema: avatarVideoSchemas.captions },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const row = await findRender(ctx, id);
      if (!row) throw notFound('Captions not found');
      if (row.status !== 'done' || row.captions === null) throw notReady(row);
      return reply
        .header('Content-Type', 'text/vtt; charset=utf-8')
        .header('Cache-Control', 'private, max-age=3600')
        .send(row.captions);
    },
  );
}
