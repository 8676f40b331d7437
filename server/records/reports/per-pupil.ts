import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { parentReports } from './tables';

/** How many parent reports each of the teacher's pupils has (pupils with none are absent). */
export async function reportCountsPerPupil(
  db: Database,
  teacherId: number,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ studentId: parentReports.studentId, count: count() })
    .from(parentReports)
    .where(and(eq(parentReports.teacherId, teacherId), isNotNull(parentReports.studentId)))
    .groupBy(parentReports.studentId);
  return new Map(rows.map((row) => [row.studentId as number, row.count]));
}
