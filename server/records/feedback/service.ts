import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { idInAddress } from '../../../contract/addresses';
import type { createFeedbackSchema } from '../../../contract/feedback';
import { inkBounds } from '../../../contract/ink';
import { feedback, files } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { REMOVE_STORED_FILES_JOB, removeStoredFilesLater } from '../../platform/file-removal';
import type { AppContext } from '../../records/context';
import { recordBankCommentUses } from '../comment-bank';
import {
  deleteFeedbackItem,
  documentPages,
  getTeacherDocument,
  insertFeedbackItem,
  markUnderReview,
  updateDocuments,
  updateFeedbackItem,
} from '../documents';
import { deleteFilesNoLongerNamed } from '../uploads';
import { type Anchor, anchorSelection } from './anchoring';
import { regionCropFor, storeRegionCrop } from './region';

export const FEEDBACK_NOT_FOUND = 'Feedback not found';

/** The document's feedback and its pages, so callers can place highlights on the text as it is now. */
export async function listFeedback(ctx: AppContext, teacherId: number, documentId: number) {
  const { document } = await getTeacherDocument(ctx.db, teacherId, { id: documentId });
  const items = await ctx.db
    .select()
    .from(feedback)
    .where(
      and(
        eq(feedback.documentId, documentId),
        eq(feedback.teacherId, teacherId),
        isNull(feedback.deletedAt),
      ),
    )
    .orderBy(asc(feedback.pageNumber), asc(feedback.startOffset), asc(feedback.id));
  return { pages: documentPages(document).pages, items };
}

/** The teacher's recording behind the address `/api/audio/process` gave them. */
async function recordingAt(
  ctx: AppContext,
  teacherId: number,
  audioUrl: string | null | undefined,
) {
  if (!audioUrl) return null;
  const fileId = idInAddress('audio', audioUrl, { anyOrigin: true });
  const [file] = fileId
    ? await ctx.db
        .select()
        .from(files)
        .where(and(eq(files.id, fileId), eq(files.teacherId, teacherId)))
    : [];
  if (!file?.contentType.startsWith('audio/')) {
    throw badRequest('Audio feedback needs a recording', 'audio_required');
  }
  return file;
}

export async function createFeedback(
  ctx: AppContext,
  teacherId: number,
  documentId: number,
  input: z.output<typeof createFeedbackSchema>,
) {
  const { document, file } = await getTeacherDocument(ctx.db, teacherId, { id: documentId });
  const audio = input.type === 'audio' ? await recordingAt(ctx, teacherId, input.audioUrl) : null;
  const ink = input.ink ?? null;
  // A drawing's region is the box round it, worked out here from the ink itself.
  const region = ink ? inkBounds(ink) : input.region;
  // A region is on the page as handed in, not in the text: it has no passage to anchor.
  const anchor: Anchor = region
    ? {
        pageNumber: region.page,
        startOffset: null,
        endOffset: null,
        highlightedText: null,
        contextBefore: null,
        contextAfter: null,
      }
    : anchorSelection(documentPages(document).pages, input);
  const crop = region ? await regionCropFor(ctx, file, region, input.regionCrop, ink) : null;
  // The crop's bytes and row go first; should the insert fail, housekeeping removes it.
  const cropFile = crop ? await storeRegionCrop(ctx, teacherId, crop) : null;
  return ctx.db.transaction(async (tx) => {
    const created = await insertFeedbackItem(tx, {
      teacherId,
      documentId,
      type: input.type,
      content: input.content.trim(),
      highlightId: input.highlightId ?? `hl-${randomBytes(6).toString('hex')}`,
      ...anchor,
      audioFileId: audio?.id ?? null,
      audioDuration: input.type === 'audio' ? Math.round(input.audioDuration ?? 0) : null,
      transcript: input.transcript ?? null,
      enhancedTranscript: input.enhancedTranscript ?? null,
      region: region ?? null,
      regionCropFileId: cropFile?.id ?? null,
      ink,
    });
    await markUnderReview(tx, documentId);
    await recordBankCommentUses(tx, teacherId, input.commentBankIds ?? []);
    return created;
  });
}

/** One of the teacher's items; one they deleted (still shown to pupils until shared) is gone. */
async function ownedFeedback(ctx: AppContext, teacherId: number, id: number) {
  const [row] = await ctx.db
    .select()
    .from(feedback)
    .where(and(eq(feedback.id, id), eq(feedback.teacherId, teacherId), isNull(feedback.deletedAt)));
  if (!row) throw notFound(FEEDBACK_NOT_FOUND);
  return row;
}

export async function updateFeedback(
  ctx: AppContext,
  teacherId: number,
  id: number,
  content: string,
) {
  const row = await ownedFeedback(ctx, teacherId, id);
  // A drawing says something by itself; written feedback on a passage or region needs words.
  if (row.type === 'text' && !row.ink && !content.trim())
    throw badRequest('Feedback text is required', 'validation_error');
  const updated = await updateFeedbackItem(ctx.db, id, {
    content: content.trim(),
    updatedAt: new Date(),
  });
  return updated!;
}

/**
 * Removes the item, its recording and its region's picture (the rows first, then the bytes).
 * An item pupils and parents have been shown stays theirs until the work is shared or marked
 * reviewed again: it is only marked deleted here, and that publish removes it and its files.
 */
export async function deleteFeedback(ctx: AppContext, teacherId: number, id: number) {
  const row = await ownedFeedback(ctx, teacherId, id);
  const now = new Date();
  const filesToRemove = await ctx.db.transaction(async (tx) => {
    await updateDocuments(tx, row.documentId, { updatedAt: now });
    if (row.publishedAt) {
      await updateFeedbackItem(tx, id, { deletedAt: now, updatedAt: now });
      return false;
    }
    await deleteFeedbackItem(tx, id);
    const fileIds = [row.audioFileId, row.regionCropFileId].filter((f): f is string => Boolean(f));
    const storageKeys = await deleteFilesNoLongerNamed(tx, fileIds);
    await removeStoredFilesLater(tx, storageKeys);
    return storageKeys.length > 0;
  });
  if (filesToRemove) ctx.jobs.poke(REMOVE_STORED_FILES_JOB);
}

/** The picture of one of the teacher's region items; another teacher's is not found. */
export async function regionCropOf(ctx: AppContext, teacherId: number, id: number) {
  const row = await ownedFeedback(ctx, teacherId, id);
  return cropFileOf(ctx, row);
}

export async function cropFileOf(ctx: AppContext, row: { regionCropFileId: string | null }) {
  const [file] = row.regionCropFileId
    ? await ctx.db.select().from(files).where(eq(files.id, row.regionCropFileId))
    : [];
  if (!file) throw notFound('This region has no picture');
  return file;
}

/** The recording of an audio item, as stored (its content type checked to be audio). */
export async function audioFileOf(ctx: AppContext, row: { audioFileId: string | null }) {
  const [file] = row.audioFileId
    ? await ctx.db.select().from(files).where(eq(files.id, row.audioFileId))
    : [];
  if (!file?.contentType.startsWith('audio/')) throw notFound('Recording not found');
  return file;
}
