import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { files } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { sendWithRanges } from '../../platform/http';
import type { AppContext } from '../../records/context';
import type { RenderRow } from './presenter';

function notReady(row: RenderRow) {
  return row.status === 'failed'
    ? conflict(row.error ?? 'This video could not be rendered.', 'video_failed')
    : conflict(`This video is still being rendered (${row.progress}%).`, 'video_not_ready');
}

/**
 * A render's MP4 with byte ranges. Who may have it is the caller's decision (the teacher's
 * session, or a parent's live link); `cacheControl` says who may keep it.
 */
export async function sendRenderVideo(
  reply: FastifyReply,
  ctx: AppContext,
  row: RenderRow,
  range: string | undefined,
  cacheControl: string,
) {
  if (row.status !== 'done' || !row.videoFileId) throw notReady(row);
  const [file] = await ctx.db.select().from(files).where(eq(files.id, row.videoFileId));
  if (!file) throw notFound('Video not found');
  return sendWithRanges(reply, ctx, file, range, { cacheControl });
}

/** A render's WebVTT captions: the report's text, so as private as the video. */
export function sendRenderCaptions(reply: FastifyReply, row: RenderRow, cacheControl: string) {
  if (row.status !== 'done' || row.captions === null) throw notReady(row);
  return reply
    .header('Content-Type', 'text/vtt; charset=utf-8')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', cacheControl)
    .send(row.captions);
}
