import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createFeedbackSchema } from '../../../contract/feedback';
import { documents, feedback, files } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { getTeacherDocument, markUnderReview } from '../documents/service';
import { paginate } from '../extraction/paginate';
import { anchorSelection } from './anchoring';

export const FEEDBACK_NOT_FOUND = 'Feedback not found';

/** The document's feedback and its pages, so callers can place highlights on the text as it is now. */
export async function listFeedback(ctx: AppContext, teacherId: number, documentId: number) {
  const { document } = await getTeacherDocument(ctx.db, teacherId, { id: documentId });
  const items = await ctx.db
    .select()
    .from(feedback)
    .where(and(eq(feedback.documentId, documentId), eq(feedback.teacherId, teacherId)))
    .orderBy(asc(feedback.pageNumber), asc(feedback.startOffset), asc(feedback.id));
  return { pages: paginate(document.extractedContent ?? ''), items };
}

async function audioFileOf(
  ctx: AppContext,
  teacherId: number,
  audioUrl: string | null | undefined,
) {
  if (!audioUrl) return null;
  const fileId = audioUrl.match(/^(?:https?:\/\/[^/]+)?\/api\/audio\/([A-Za-z0-9_-]{22})$/)?.[1];
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
  const { document } = await getTeacherDocument(ctx.db, teacherId, { id: documentId });
  const audio = input.type === 'audio' ? await audioFileOf(ctx, teacherId, input.audioUrl) : null;
  const anchor = anchorSelection(document.extractedContent, input);
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(feedback)
      .values({
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
      })
      .returning();
    await markUnderReview(tx, documentId);
    return created!;
  });
}

async function ownedFeedback(ctx: AppContext, teacherId: number, id: number) {
  const [row] = await ctx.db
    .select()
    .from(feedback)
    .where(and(eq(feedback.id, id), eq(feedback.teacherId, teacherId)));
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
  if (row.type === 'text' && !content.trim())
    throw badRequest('Feedback text is required', 'validation_error');
  const [updated] = await ctx.db
    .update(feedback)
    .set({ content: content.trim(), updatedAt: new Date() })
    .where(eq(feedback.id, id))
    .returning();
  return updated!;
}

/** Removes the item and its recording (the row first, then the bytes). */
export async function deleteFeedback(ctx: AppContext, teacherId: number, id: number) {
  const row = await ownedFeedback(ctx, teacherId, id);
  const storageKey = await ctx.db.transaction(async (tx) => {
    await tx.delete(feedback).where(eq(feedback.id, id));
    await tx
      .update(documents)
      .set({ updatedAt: new Date() })
      .where(eq(documents.id, row.documentId));
    if (!row.audioFileId) return null;
    const [file] = await tx.delete(files).where(eq(files.id, row.audioFileId)).returning();
    return file?.storageKey ?? null;
  });
  if (storageKey) await ctx.files.delete(storageKey).catch(() => undefined);
}
