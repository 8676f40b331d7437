import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { DOCUMENTS_MAX_PAGE_SIZE } from '../../../contract/documents';
import type { Database, Transaction } from '../../db/client';
import { files, students } from '../../db/schema';
import { violatedConstraint } from '../../platform/db-errors';
import { badRequest, notFound } from '../../platform/errors';
import { REMOVE_STORED_FILES_JOB, removeStoredFilesLater } from '../../platform/file-removal';
import { enqueueJob } from '../../platform/jobs';
import type { AppContext } from '../../records/context';
import { deleteFilesNoLongerNamed, deleteTeacherFiles, type FileRow } from '../uploads';
import { EXTRACT_TEXT_JOB } from './document-kind';
import { listDocuments } from './list-query';
import { publishMark } from './marks';
import { documents, feedback } from './tables';
import { newUniqueId } from './unique-id';

export type DocumentRow = typeof documents.$inferSelect;
export type StudentRow = typeof students.$inferSelect;
type Tx = Transaction;

export const DOCUMENT_NOT_FOUND = 'Document not found';

const FILE_ALREADY_USED = 'This file has already been handed in.';

/**
 * Creates the document for a stored file and queues its text extraction in the same
 * transaction: either both exist or neither does. The caller pokes the job runner
 * once its transaction has committed.
 */
export async function createDocument(
  tx: Tx,
  input: {
    teacherId: number;
    file: FileRow;
    title: string;
    author: string;
    studentId: number | null;
  },
): Promise<DocumentRow> {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    let created: DocumentRow | undefined;
    try {
      // A unique id that is taken already inserts nothing, and another is drawn.
      // No savepoint per try: a statement that fails on PostgreSQL aborts the whole
      // transaction, and a clashing id no longer fails.
      [created] = await tx
        .insert(documents)
        .values({
          uniqueId: newUniqueId(),
          teacherId: input.teacherId,
          studentId: input.studentId,
          fileId: input.file.id,
          title: input.title,
          author: input.author,
        })
        .onConflictDoNothing({ target: documents.uniqueId })
        .returning();
    } catch (error) {
      // The file's unique index answers "handed in already": the caller's transaction
      // is rolled back with this answer.
      if (violatedConstraint(error) === 'documents_file_unique')
        throw badRequest(FILE_ALREADY_USED, 'file_already_used');
      throw error;
    }
    if (created) {
      await enqueueJob(tx, EXTRACT_TEXT_JOB, { documentId: created.id });
      return created;
    }
  }
  throw new Error('Five unique ids in a row were taken');
}

// Counted through feedback_document_idx; a deleted item still shown to pupils is not the teacher's.
const feedbackCountOf = sql<number>`(select count(*) from ${feedback} where ${feedback.documentId} = ${documents.id} and ${feedback.deletedAt} is null)::int`;

/** One of the teacher's documents, by numeric id or unique id; another teacher's is 404. */
export async function getTeacherDocument(
  db: Database,
  teacherId: number,
  ref: { id?: number; uniqueId?: string },
) {
  const where =
    ref.uniqueId !== undefined
      ? eq(documents.uniqueId, ref.uniqueId)
      : eq(documents.id, ref.id ?? -1);
  const [row] = await db
    .select({
      document: documents,
      student: students,
      file: files,
      feedbackCount: feedbackCountOf,
    })
    .from(documents)
    .leftJoin(students, eq(students.id, documents.studentId))
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(and(where, eq(documents.teacherId, teacherId)));
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  return row;
}

/**
 * Whether the pupil is in the teacher's directory. Read here, not through records/pupils:
 * pupils sits above documents (merging two pupils moves their documents).
 */
async function isTeacherStudent(db: Database, teacherId: number, studentId: number) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, studentId), eq(students.teacherId, teacherId)));
  return row !== undefined;
}

export async function updateDocument(
  ctx: AppContext,
  teacherId: number,
  id: number,
  changes: { title?: string; status?: DocumentRow['status']; studentId?: number | null },
) {
  const { db } = ctx;
  if (changes.studentId != null && !(await isTeacherStudent(db, teacherId, changes.studentId))) {
    throw notFound('Student not found');
  }
  const now = new Date();
  const { updated, filesToRemove } = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(documents)
      .set({
        ...changes,
        updatedAt: now,
        ...(changes.status === 'reviewed' ? { reviewedAt: now } : {}),
        ...(changes.status === 'shared' ? { sharedAt: now } : {}),
      })
      .where(and(eq(documents.id, id), eq(documents.teacherId, teacherId)))
      .returning();
    if (!updated) throw notFound(DOCUMENT_NOT_FOUND);
    const published =
      changes.status === 'reviewed' || changes.status === 'shared'
        ? await publishFeedback(tx, id, now)
        : { filesToRemove: false };
    return { updated, ...published };
  });
  if (filesToRemove) ctx.jobs.poke(REMOVE_STORED_FILES_JOB);
  return updated;
}

export const NOT_REOPENABLE = 'Only work that is reviewed or shared can be reopened';

/**
 * Reopens reviewed or shared work for more feedback: it is "under review" again for the
 * teacher, while pupils and parents keep the state last published until it is shared or
 * marked reviewed again. Nothing about the feedback changes here.
 */
export async function reopenDocument(db: Database, teacherId: number, id: number) {
  const { document } = await getTeacherDocument(db, teacherId, { id });
  if (document.status !== 'reviewed' && document.status !== 'shared') {
    throw badRequest(NOT_REOPENABLE, 'not_reopenable');
  }
  const [updated] = await db
    .update(documents)
    .set({ status: 'under review', updatedAt: new Date() })
    .where(
      and(
        eq(documents.id, id),
        eq(documents.teacherId, teacherId),
        inArray(documents.status, ['reviewed', 'shared']),
      ),
    )
    .returning();
  // Reopened by a request racing this one: the answer is the same.
  return updated ?? { ...document, status: 'under review' as const };
}

/**
 * Sharing or marking reviewed publishes the feedback as it is now, and the mark: each item's
 * comment is copied to what pupils see, and items the teacher deleted since the last share
 * go for good, their recordings and pictures with them (the bytes by the durable removal
 * job written in this transaction: the caller pokes the job runner after its commit).
 * Items added (and edits and mark changes made) afterwards stay the teacher's until the next
 * share or review. Answers whether files are waiting to be removed.
 */
export async function publishFeedback(tx: Tx, documentId: number, now = new Date()) {
  const gone = await tx
    .delete(feedback)
    .where(and(eq(feedback.documentId, documentId), isNotNull(feedback.deletedAt)))
    .returning({ audio: feedback.audioFileId, crop: feedback.regionCropFileId });
  await tx
    .update(feedback)
    .set({
      publishedContent: sql`${feedback.content}`,
      publishedAt: sql`coalesce(${feedback.publishedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(feedback.documentId, documentId));
  await tx.update(documents).set({ publishedAt: now }).where(eq(documents.id, documentId));
  // The mark goes with the feedback: pupils see the one it was shared with.
  await publishMark(tx, documentId, now);
  const fileIds = gone
    .flatMap((item) => [item.audio, item.crop])
    .filter((id): id is string => Boolean(id));
  const storageKeys = await deleteFilesNoLongerNamed(tx, fileIds);
  await removeStoredFilesLater(tx, storageKeys);
  return { filesToRemove: storageKeys.length > 0 };
}

/** Removes stored bytes whose rows are gone; a failure leaves them to housekeeping. */
async function removeStoredFiles(ctx: AppContext, storageKeys: string[]) {
  for (const key of storageKeys) {
    await ctx.files
      .delete(key)
      .catch((error: unknown) =>
        ctx.log.warn({ err: error, key }, 'Could not delete a stored file'),
      );
  }
}

/** Saving feedback moves a new document to "under review"; later states stay as they are. */
export async function markUnderReview(db: Database | Tx, documentId: number) {
  await db
    .update(documents)
    .set({ status: 'under review', updatedAt: new Date() })
    .where(and(eq(documents.id, documentId), eq(documents.status, 'new')));
}

/** Deletes the document, its feedback, links and stored files (bytes after the rows). */
export async function deleteDocument(ctx: AppContext, teacherId: number, id: number) {
  const storageKeys = await ctx.db.transaction(async (tx) => {
    const [doc] = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.teacherId, teacherId)));
    if (!doc) throw notFound(DOCUMENT_NOT_FOUND);
    const attached = await tx
      .select({ audio: feedback.audioFileId, crop: feedback.regionCropFileId })
      .from(feedback)
      .where(eq(feedback.documentId, id));
    const fileIds = [doc.fileId, ...attached.flatMap((a) => [a.audio, a.crop])].filter(
      (f): f is string => Boolean(f),
    );
    await tx.delete(documents).where(eq(documents.id, id));
    return deleteTeacherFiles(tx, teacherId, fileIds);
  });
  await removeStoredFiles(ctx, storageKeys);
}

export { type DocumentListFilter, listDocuments } from './list-query';

/** Every document of one pupil, newest first, read page by page through the same list. */
export async function allDocumentsOf(db: Database, teacherId: number, studentId: number) {
  const all: Awaited<ReturnType<typeof listDocuments>>['rows'] = [];
  let cursor: string | undefined;
  do {
    const page = await listDocuments(db, teacherId, {
      studentId,
      tab: 'all',
      limit: DOCUMENTS_MAX_PAGE_SIZE,
      cursor,
    });
    all.push(...page.rows);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}
