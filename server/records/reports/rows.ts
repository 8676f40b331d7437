import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { parentReports } from './tables';

/*
 * Changes to parent_reports asked for by other modules: sending (records/sharing), a
 * pupil's merge and erasure (work/pupil-records). Only this module writes the table
 * (decision 0066); each takes the caller's transaction.
 */

/** The report was sent (a link made): sent, first at `sentAt`. */
export async function markReportSent(tx: Transaction, reportId: number, sentAt: Date, now: Date) {
  await tx
    .update(parentReports)
    .set({ status: 'sent', sentAt, updatedAt: now })
    .where(eq(parentReports.id, reportId));
}

/** A pupil's two records merged: their reports move to the kept one; the ids moved. */
export async function moveReportsToStudent(
  tx: Transaction,
  teacherId: number,
  fromStudentId: number,
  intoStudentId: number,
) {
  const moved = await tx
    .update(parentReports)
    .set({ studentId: intoStudentId })
    .where(and(eq(parentReports.teacherId, teacherId), eq(parentReports.studentId, fromStudentId)))
    .returning({ id: parentReports.id });
  return moved.map((row) => row.id);
}

/** Deletes these reports (their links and views go by ON DELETE CASCADE). */
export async function deleteReportsById(tx: Transaction, ids: number[]) {
  if (ids.length === 0) return;
  await tx.delete(parentReports).where(inArray(parentReports.id, ids));
}
