import type { FastifyInstance } from 'fastify';
import { STUDENT_MESSAGES, studentInputSchemaFor } from '../../../contract/students';
import type { SchemaTypes } from '../../platform/api-docs';
import { notFound } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import { findClassroomKeyOfTeacher } from '../../records/classroom';
import type { AppContext } from '../../records/context';
import { allDocumentsOf, presentDocument } from '../../records/documents';
import {
  createStudent,
  findTeacherStudent,
  listTeacherPupils,
  presentStudent,
  updateStudent,
} from '../../records/pupils';
import { preferencesOf } from '../../records/settings';
import { currentTeacher, requireTeacher } from '../../records/teachers';
import { erasePupil, footprintOf, mergeStudents, pupilRecords } from '../../work/pupil-records';
import { sendPupilExport } from './export-download';
import { studentSchemas } from './route-schemas';

export async function studentRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  /** The form the teacher's school fills: a grade or a year group required (Settings). */
  const studentFormOf = async (teacherId: number) =>
    studentInputSchemaFor((await preferencesOf(ctx.db, teacherId)).schoolYear);
  app.addHook('preValidation', requireTeacher(ctx.db));

  /** The teacher's own pupil; anyone else's is a 404, as if it did not exist. */
  const ownStudent = async (teacherId: number, { id }: { id: number }) => {
    const student = await findTeacherStudent(ctx.db, teacherId, id);
    if (!student) throw notFound(STUDENT_MESSAGES.notFound);
    return student;
  };

  /** The teacher's pupils, alphabetically (the page searches them as the teacher types). */
  app.get('/api/students', { schema: studentSchemas.list }, async (request) => {
    const rows = await listTeacherPupils(ctx.db, currentTeacher(request).id);
    return rows.map(presentStudent);
  });

  app.post('/api/students', { schema: studentSchemas.create }, async (request) => {
    const teacher = currentTeacher(request);
    const input = parseInput(await studentFormOf(teacher.id), request.body);
    return presentStudent(await createStudent(ctx.db, teacher.id, input));
  });

  app.get('/api/students/:id', { schema: studentSchemas.read }, async (request) => {
    const teacher = currentTeacher(request);
    return presentStudent(await ownStudent(teacher.id, request.params));
  });

  app.put('/api/students/:id', { schema: studentSchemas.update }, async (request) => {
    const teacher = currentTeacher(request);
    const { id } = request.params;
    const input = parseInput(await studentFormOf(teacher.id), request.body);
    return presentStudent(await updateStudent(ctx.db, teacher.id, id, input));
  });

  /** Erases the pupil and everything about them (see erase.ts). */
  app.delete('/api/students/:id', { schema: studentSchemas.erase }, async (request) => {
    const teacher = currentTeacher(request);
    const erased = await erasePupil(ctx, teacher.id, request.params.id);
    return { message: 'Student deleted', erased };
  });

  /** What an erase would remove, for the confirmation that names it. */
  app.get('/api/students/:id/footprint', { schema: studentSchemas.footprint }, async (request) => {
    const teacher = currentTeacher(request);
    return footprintOf(await pupilRecords(ctx.db, await ownStudent(teacher.id, request.params)));
  });

  app.get('/api/students/:id/documents', { schema: studentSchemas.documents }, async (request) => {
    const teacher = currentTeacher(request);
    const student = await ownStudent(teacher.id, request.params);
    const [rows, key] = await Promise.all([
      allDocumentsOf(ctx.db, teacher.id, student.id),
      findClassroomKeyOfTeacher(ctx.db, teacher.id),
    ]);
    return rows.map((row) => presentDocument(row, key?.keyPhrase ?? null));
  });

  app.post('/api/students/:id/merge', { schema: studentSchemas.merge }, async (request) => {
    const teacher = currentTeacher(request);
    const fromId = request.params.id;
    const { intoStudentId } = request.body;
    const merged = await mergeStudents(ctx.db, teacher.id, fromId, intoStudentId);
    return { ...merged, student: presentStudent(merged.student) };
  });

  /** Everything about the pupil as a zip, streamed (see export-download.ts). */
  app.get('/api/students/:id/export', { schema: studentSchemas.export }, async (request, reply) => {
    const teacher = currentTeacher(request);
    return sendPupilExport(ctx, request, reply, await ownStudent(teacher.id, request.params));
  });
}
