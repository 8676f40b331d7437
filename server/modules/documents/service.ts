import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  DOCUMENTS_MAX_PAGE_SIZE,
  type DocumentListQuery,
  type DocumentListTab,
} from '../../../contract/documents';
import type { Database } from '../../db/client';
import { classroomKeys, documents, feedback, files, students } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { isUniqueViolation, violatedConstraint } from '../../platform/db-errors';
import { badRequest, notFound } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import { findTeacherStudent } from '../students/service';
import type { FileRow } from '../uploads/service';
import { EXTRACT_TEXT_JOB } from './extraction-job';
import { newUniqueId } from './unique-id';

export type DocumentRow = typeof documents.$inferSelect;
export type StudentRow = typeof students.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

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
  const [attached] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.fileId, input.file.id));
  if (attached) throw badRequest(FILE_ALREADY_USED, 'file_already_used');
  for (let attempt = 1; ; attempt += 1) {
    try {
      // A savepoint per try: on PostgreSQL a failed insert would otherwise abort the
      // whole transaction, and a clashing unique id deserves another draw.
      return await tx.transaction(async (savepoint) => {
        const [created] = await savepoint
          .insert(documents)
          .values({
            uniqueId: newUniqueId(),
            teacherId: input.teacherId,
            studentId: input.studentId,
            fileId: input.file.id,
            title: input.title,
            author: input.author,
          })
          .returning();
        await enqueueJob(savepoint, EXTRACT_TEXT_JOB, { documentId: created!.id });
        return created!;
      });
    } catch (error) {
      const constraint = violatedConstraint(error);
      if (constraint === 'documents_file_unique')
        throw badRequest(FILE_ALREADY_USED, 'file_already_used');
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** The columns a list row shows: never the extracted text, which can be megabytes. */
const listColumns = {
  id: documents.id,
  uniqueId: documents.uniqueId,
  teacherId: documents.teacherId,
  studentId: documents.studentId,
  fileId: documents.fileId,
  title: documents.title,
  author: documents.author,
  status: documents.status,
  extractionStatus: documents.extractionStatus,
  extractionError: documents.extractionError,
  totalPages: documents.totalPages,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
};

// Counted per row through feedback_document_idx: a page of 50 costs 50 index probes,
// whatever the size of the teacher's whole list.
const feedbackCountOf = sql<number>`(select count(*) from ${feedback} where ${feedback.documentId} = ${documents.id})::int`;

// The cursor keeps created_at to the microsecond: JavaScript dates stop at the
// millisecond, and two hand-ins within one millisecond would otherwise be skipped.
const createdAtExact = sql<string>`to_char(${documents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,10})$/;

function encodeCursor(createdAt: string, id: number): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: number } {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest('Invalid cursor', 'invalid_cursor');
  return { createdAt: match[1]!, id: Number(match[2]) };
}

const TAB_STATUSES: Record<Exclude<DocumentListTab, 'all'>, DocumentRow['status'][]> = {
  new: ['new'],
  'under-review': ['under review'],
  // Shared work has been reviewed and sent on, so it belongs with the reviewed.
  reviewed: ['reviewed', 'shared'],
};

/** LIKE treats % and _ as wildcards; a pupil's search for "50%" means the characters. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The documents list's query, optionally narrowed to one pupil (the directory's pupil page). */
export type DocumentListFilter = DocumentListQuery & { studentId?: number };

function listFilter(teacherId: number, query: DocumentListFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(documents.teacherId, teacherId)];
  if (query.studentId !== undefined) conditions.push(eq(documents.studentId, query.studentId));
  if (query.tab !== 'all') conditions.push(inArray(documents.status, TAB_STATUSES[query.tab]));
  const needle = query.q?.trim();
  if (needle) {
    const pattern = containing(needle);
    conditions.push(
      or(
        ilike(documents.title, pattern),
        ilike(documents.author, pattern),
        ilike(sql`concat_ws(' ', ${students.name}, ${students.surname})`, pattern),
      ),
    );
  }
  return and(...conditions)!;
}

/**
 * One page of the teacher's documents, newest first, with the number of documents the
 * filter matches and the cursor of the next page (null on the last).
 */
export async function listDocuments(db: Database, teacherId: number, query: DocumentListFilter) {
  const filter = listFilter(teacherId, query);
  const searching = Boolean(query.q?.trim());
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const pageFilter = after
    ? and(
        filter,
        sql`(${documents.createdAt}, ${documents.id}) < (${after.createdAt}::timestamptz, ${after.id})`,
      )
    : filter;
  // The total and the classroom phrase ride along as uncorrelated subqueries, which
  // PostgreSQL runs once per statement: one round trip per page instead of three. Inside the subquery the
  // filter's "documents" columns name the subquery's own table. Only a search needs the
  // pupils' names; without one the count reads the documents index alone.
  const totalOf = searching
    ? sql<number>`(select count(*) from ${documents} left join ${students} on ${students.id} = ${documents.studentId} where ${filter})::int`
    : sql<number>`(select count(*) from ${documents} where ${filter})::int`;
  const rows = await db
    .select({
      document: listColumns,
      student: students,
      file: { id: files.id, originalName: files.originalName, storageKey: files.storageKey },
      feedbackCount: feedbackCountOf,
      createdAtExact,
      total: totalOf,
      classroomPhrase: sql<
        string | null
      >`(select ${classroomKeys.keyPhrase} from ${classroomKeys} where ${classroomKeys.teacherId} = ${teacherId})`,
    })
    .from(documents)
    .leftJoin(students, eq(students.id, documents.studentId))
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(pageFilter)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    // One more than asked tells whether another page follows.
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  // An empty page has no row to carry the total: without a cursor it is 0, past the end
  // of the list it takes its own count (rare: a cursor outlived its rows).
  const total =
    rows[0]?.total ??
    (after ? ((await db.select({ n: totalOf }).from(sql`(select 1) as one`))[0]?.n ?? 0) : 0);
  return {
    rows: page.map(
      ({ createdAtExact: _exact, total: _total, classroomPhrase: _phrase, ...row }) => row,
    ),
    total,
    classroomPhrase: rows[0]?.classroomPhrase ?? null,
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor(last.createdAtExact, last.document.id)
        : null,
  };
}

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

export async function updateDocument(
  db: Database,
  teacherId: number,
  id: number,
  changes: { title?: string; status?: DocumentRow['status']; studentId?: number | null },
) {
  if (changes.studentId != null && !(await findTeacherStudent(db, teacherId, changes.studentId))) {
    throw notFound('Student not found');
  }
  const now = new Date();
  return db.transaction(async (tx) => {
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
    if (changes.status === 'reviewed' || changes.status === 'shared') {
      await publishFeedback(tx, id, now);
    }
    return updated;
  });
}

/**
 * Sharing or marking reviewed publishes the feedback written so far. Items added
 * afterwards stay drafts until the next share or review.
 */
export async function publishFeedback(db: Database | Tx, documentId: number, now = new Date()) {
  await db
    .update(feedback)
    .set({ publishedAt: now })
    .where(and(eq(feedback.documentId, documentId), isNull(feedback.publishedAt)));
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
    if (fileIds.length === 0) return [];
    const removed = await tx
      .delete(files)
      .where(and(inArray(files.id, fileIds), eq(files.teacherId, teacherId)))
      .returning({ storageKey: files.storageKey });
    return removed.map((r) => r.storageKey);
  });
  for (const key of storageKeys) {
    await ctx.files
      .delete(key)
      .catch((error: unknown) =>
        ctx.log.warn({ err: error, key }, 'Could not delete a stored file'),
      );
  }
}

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
