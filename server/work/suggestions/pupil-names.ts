import { eq } from 'drizzle-orm';
import { students } from '../../db/schema';
import type { AppContext } from '../../records/context';

/** The teacher's pupils' names: never sent to a provider, nor allowed in its words. */
export async function pupilNames(ctx: AppContext, teacherId: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ name: students.name, surname: students.surname })
    .from(students)
    .where(eq(students.teacherId, teacherId));
  return rows.flatMap((row) => [row.name, row.surname ?? '']).filter(Boolean);
}
