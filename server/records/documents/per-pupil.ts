import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documents } from './tables';

/** How many documents each of the teacher's pupils has (pupils with none are absent). */
export async function documentCountsPerPupil(
  db: Database,
  teacherId: number,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ studentId: documents.studentId, count: count() })
    .from(documents)
    .where(and(eq(documents.teacherId, teacherId), isNotNull(documents.studentId)))
    .groupBy(documents.studentId);
  return new Map(rows.map((row) => [row.studentId as number, row.count]));
}

/** The teacher's document with this unique id (the pupil's address names it), or null. */
export async function findTeacherDocumentByUniqueId(
  db: Database,
  teacherId: number,
  uniqueId: string,
) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.uniqueId, uniqueId), eq(documents.teacherId, teacherId)));
  return row ?? null;
}
