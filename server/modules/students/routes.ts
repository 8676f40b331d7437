import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { students } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { currentTeacher, requireTeacher } from '../../platform/guards';
import { presentStudent } from './presenter';

export async function studentRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preHandler', requireTeacher(ctx.db));

  /** The teacher's pupils, alphabetically (the page searches them as the teacher types). */
  app.get('/api/students', async (request) => {
    const rows = await ctx.db
      .select()
      .from(students)
      .where(eq(students.teacherId, currentTeacher(request).id))
      .orderBy(asc(sql`lower(${students.name})`), asc(students.surname), asc(students.id));
    return rows.map(presentStudent);
  });
}
