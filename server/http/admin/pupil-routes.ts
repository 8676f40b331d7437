import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_PUPIL_MESSAGES, type AdminPupil } from '../../../contract/admin';
import type { SchemaTypes } from '../../platform/api-docs';
import { notFound } from '../../platform/errors';
import { requireAdmin } from '../../records/admin';
import type { AppContext } from '../../records/context';
import { documentCountsPerPupil } from '../../records/documents';
import { findTeacherStudent, listTeacherPupils, pupilDisplayName } from '../../records/pupils';
import { reportCountsPerPupil } from '../../records/reports';
import { teacherExists } from '../../records/teachers';
import { erasePupil, footprintOf, pupilRecords } from '../../work/pupil-records';
import { sendPupilExport } from '../students';
import { adminSchemas } from './route-schemas';

/**
 * The administrator's side of the pupil privacy actions (decision 0015): a teacher's pupils
 * listed, and one pupil exported or erased with the very functions the teacher's own
 * directory uses. The pupil must belong to the teacher in the address; anything else is a
 * 404.
 */
export async function adminPupilRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  app.addHook('preValidation', requireAdmin(ctx.db));

  const teacherIdOf = async ({ teacherId }: { teacherId: number }) => {
    if (!(await teacherExists(ctx.db, teacherId))) {
      throw notFound(ADMIN_PUPIL_MESSAGES.teacherNotFound);
    }
    return teacherId;
  };
  const pupilOf = async (params: { teacherId: number; studentId: number }) => {
    // The teacher first: with well-formed ids, an unknown teacher reads "User not found", not a
    // pupil message (a malformed pupil id is refused by the params schema before this runs).
    const teacherId = await teacherIdOf(params);
    const { studentId } = params;
    const student = await findTeacherStudent(ctx.db, teacherId, studentId);
    if (!student) throw notFound(ADMIN_PUPIL_MESSAGES.pupilNotFound);
    return student;
  };
  /** Ids only: the log must not become another copy of a child's name. */
  const audit = (request: FastifyRequest, action: string, teacherId: number, studentId: number) =>
    request.log.info(
      { audit: action, admin: request.adminUsername, teacherId, studentId },
      `Administrator ${action}`,
    );

  app.get(
    '/api/admin/teachers/:teacherId/students',
    { schema: adminSchemas.teacherPupils },
    async (request): Promise<AdminPupil[]> => {
      const teacherId = await teacherIdOf(request.params);
      const [rows, documentCounts, reportCounts] = await Promise.all([
        listTeacherPupils(ctx.db, teacherId),
        documentCountsPerPupil(ctx.db, teacherId),
        reportCountsPerPupil(ctx.db, teacherId),
      ]);
      return rows.map((student) => ({
        id: student.id,
        name: student.name,
        surname: student.surname,
        surnameInitials: student.surnameInitials,
        displayName: pupilDisplayName(student),
        yearGroup: student.yearGroup,
        createdAt: student.createdAt.toISOString(),
        documents: documentCounts.get(student.id) ?? 0,
        parentReports: reportCounts.get(student.id) ?? 0,
      }));
    },
  );

  app.get(
    '/api/admin/teachers/:teacherId/students/:studentId/footprint',
    { schema: adminSchemas.pupilFootprint },
    async (request) => footprintOf(await pupilRecords(ctx.db, await pupilOf(request.params))),
  );

  app.get(
    '/api/admin/teachers/:teacherId/students/:studentId/export',
    { schema: adminSchemas.pupilExport },
    async (request, reply) => {
      const student = await pupilOf(request.params);
      audit(request, 'pupil-export', student.teacherId, student.id);
      return sendPupilExport(ctx, request, reply, student);
    },
  );

  app.delete(
    '/api/admin/teachers/:teacherId/students/:studentId',
    { schema: adminSchemas.erasePupil },
    async (request) => {
      const student = await pupilOf(request.params);
      // erasePupil checks the pair again under a row lock, so a race still ends in a 404.
      const erased = await erasePupil(ctx, student.teacherId, student.id);
      audit(request, 'pupil-erase', student.teacherId, student.id);
      return { message: 'Student deleted', erased };
    },
  );
}
