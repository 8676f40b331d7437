import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { recordIdSchema } from '../../../contract/ids';
import { notFound } from '../../platform/errors';
import { sendWithRanges } from '../../platform/http';
import type { AppContext } from '../../records/context';
import { audioFileOf, cropFileOf } from '../feedback';
import type { loadSharedDocument } from './service';

type Loaded = Awaited<ReturnType<typeof loadSharedDocument>>;

/**
 * A view (a shared link, a pupil's document address) serves its feedback's pictures and
 * recordings under its own address: the key that opens the view is the key to its media,
 * and once the view stops opening (link revoked or expired, document gone) they stop too.
 * Nothing here may be kept by a cache, for the same reason.
 */
export function viewMediaPaths(viewAddress: string) {
  return {
    cropPath: (feedbackId: number) => `${viewAddress}/region-crop/${feedbackId}`,
    audioPath: (feedbackId: number) => `${viewAddress}/audio/${feedbackId}`,
  };
}

export const CROP_NOT_FOUND = 'This region has no picture';
export const AUDIO_NOT_FOUND = 'Recording not found';
export const cropIdParamsSchema = z.object({ feedbackId: recordIdSchema(CROP_NOT_FOUND) });
export const audioIdParamsSchema = z.object({ feedbackId: recordIdSchema(AUDIO_NOT_FOUND) });

/** Only an item the view itself lists (published, on this document). */
function listedItem(loaded: Loaded, feedbackId: number, missing: string) {
  const item = loaded.items.find((row) => row.id === feedbackId);
  if (!item) throw notFound(missing);
  return item;
}

export async function sendViewRegionCrop(
  reply: FastifyReply,
  ctx: AppContext,
  loaded: Loaded,
  feedbackId: number,
) {
  const file = await cropFileOf(ctx, listedItem(loaded, feedbackId, CROP_NOT_FOUND));
  return sendWithRanges(reply, ctx, file, undefined, { cacheControl: 'no-store' });
}

export async function sendViewAudio(
  reply: FastifyReply,
  ctx: AppContext,
  loaded: Loaded,
  feedbackId: number,
  range: string | undefined,
) {
  const file = await audioFileOf(ctx, listedItem(loaded, feedbackId, AUDIO_NOT_FOUND));
  return sendWithRanges(reply, ctx, file, range, { cacheControl: 'no-store' });
}
