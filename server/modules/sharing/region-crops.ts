import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { recordIdSchema } from '../../../contract/ids';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { parseId } from '../../platform/validation';
import { sendWithRanges } from '../audio/routes';
import { cropFileOf } from '../feedback/service';
import type { loadSharedDocument } from './service';

type Loaded = Awaited<ReturnType<typeof loadSharedDocument>>;

const CROP_NOT_FOUND = 'This region has no picture';
export const cropIdParamsSchema = z.object({ feedbackId: recordIdSchema(CROP_NOT_FOUND) });

/**
 * A region's picture as a link or pupil page shows it: only an item the view itself lists
 * (published, on this document), so the key that opens the view is the key to its pictures.
 */
export async function sendSharedRegionCrop(
  reply: FastifyReply,
  ctx: AppContext,
  loaded: Loaded,
  params: unknown,
) {
  const { feedbackId } = parseId(cropIdParamsSchema, params, CROP_NOT_FOUND);
  const item = loaded.items.find((row) => row.id === feedbackId);
  if (!item) throw notFound(CROP_NOT_FOUND);
  return sendWithRanges(reply, ctx, await cropFileOf(ctx, item), undefined, 'no-store');
}
