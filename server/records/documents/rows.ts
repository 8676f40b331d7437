import { and, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { documents } from './tables';

/*
 * Changes to documents asked for by other modules: feedback, sharing, extraction, the
 * retention purge, a pupil's merge and erasure. Only this module writes the table
 * (decision 0066); each takes the caller's transaction where the caller has one.
 */

type Writer = Database | Transaction;
type DocumentValues = Partial<typeof documents.$inferInsert>;

/** Sets these columns of one document, or of several. */
export async function updateDocuments(db: Writer, ids: number | number[], values: DocumentValues) {
  if (Array.isArray(ids) && ids.length === 0) return;
  await db
    .update(documents)
    .set(values)
    .where(Array.isArray(ids) ? inArray(documents.id, ids) : eq(documents.id, ids));
}

/** A pupil's two records merged: their documents move to the kept one; the ids moved. */
export async function moveDocumentsToStudent(
  tx: Transaction,
  teacherId: number,
  fromStudentId: number,
  intoStudentId: number,
) {
  const moved = await tx
    .update(documents)
    .set({ studentId: intoStudentId })
    .where(and(eq(documents.teacherId, teacherId), eq(documents.studentId, fromStudentId)))
    .returning({ id: documents.id });
  return moved.map((row) => row.id);
}

/** Deletes these documents (their feedback, links and marks go by ON DELETE CASCADE). */
export async function deleteDocumentsById(tx: Transaction, ids: number[]) {
  if (ids.length === 0) return;
  await tx.delete(documents).where(inArray(documents.id, ids));
}

/**
 * Marks a teacher's documents made before `dueBy` and not yet noticed as noticed (`now`),
 * for the retention purge's week of notice; their ids.
 */
export async function markRetentionNotices(
  db: Database,
  teacherId: number,
  dueBy: Date,
  now: Date,
) {
  const marked = await db
    .update(documents)
    .set({ retentionNoticeAt: now })
    .where(
      and(
        eq(documents.teacherId, teacherId),
        isNull(documents.retentionNoticeAt),
        lt(documents.createdAt, dueBy),
      ),
    )
    .returning({ id: documents.id });
  return marked.map((row) => row.id);
}

/** Forgets a teacher's retention notices (a changed period starts its own week). */
export async function clearRetentionNotices(db: Database, teacherId: number) {
  await db
    .update(documents)
    .set({ retentionNoticeAt: null })
    .where(and(eq(documents.teacherId, teacherId), isNotNull(documents.retentionNoticeAt)));
}
