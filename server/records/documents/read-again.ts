import { and, eq } from 'drizzle-orm';
import { conflict } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { AppContext } from '../context';
import { EXTRACT_TEXT_JOB } from './document-kind';
import { getTeacherDocument } from './service';
import { documents } from './tables';

export const NOT_FAILED_MESSAGE = 'The text of this document is not waiting to be read again.';

/**
 * "Try again" on a document whose text could not be read: the reading is queued afresh
 * and the document waits as a new hand-in does. A storage or database outage is retried on
 * its own for an hour; this is for what failed for good (a file the engine could not read
 * then) or after that hour. Only a failed document: one being read, or read, is left alone.
 */
export async function readTextAgain(ctx: AppContext, teacherId: number, documentId: number) {
  await getTeacherDocument(ctx.db, teacherId, { id: documentId });
  const queued = await ctx.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(documents)
      .set({ extractionStatus: 'pending', extractionError: null, updatedAt: new Date() })
      .where(
        and(
          eq(documents.id, documentId),
          eq(documents.teacherId, teacherId),
          eq(documents.extractionStatus, 'failed'),
        ),
      )
      .returning({ id: documents.id });
    if (reset) await enqueueJob(tx, EXTRACT_TEXT_JOB, { documentId });
    return Boolean(reset);
  });
  if (!queued) throw conflict(NOT_FAILED_MESSAGE, 'not_failed');
  ctx.jobs.poke(EXTRACT_TEXT_JOB);
  return getTeacherDocument(ctx.db, teacherId, { id: documentId });
}
