import type { FastifyInstance } from 'fastify';
import {
  DOCUMENTS_NEXT_CURSOR_HEADER,
  DOCUMENTS_TOTAL_HEADER,
  type DocumentDetail,
  type DocumentSummary,
  UNIQUE_ID_PATTERN,
} from '../../../contract/documents';
import type { SchemaTypes } from '../../platform/api-docs';
import { notFound } from '../../platform/errors';
import { findClassroomKeyOfTeacher } from '../../records/classroom';
import type { AppContext } from '../../records/context';
import {
  createDocument,
  DOCUMENT_NOT_FOUND,
  DocumentListCache,
  deleteDocument,
  EXTRACT_TEXT_JOB,
  getTeacherDocument,
  listDocuments,
  presentDocument,
  presentExtract,
  readTextAgain,
  reopenDocument,
  sendOriginalFile,
  updateDocument,
} from '../../records/documents';
import { findTeacherStudent, pupilDisplayName } from '../../records/pupils';
import { currentTeacher, requireTeacher } from '../../records/teachers';
import { resolveUploadedFile } from '../../records/uploads';
import { documentFeedback } from '../feedback';
import { documentSchemas } from './route-schemas';

export async function documentRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  app.addHook('preValidation', requireTeacher(ctx.db));
  const listCache = new DocumentListCache(ctx.db);
  app.addHook('onClose', async () => listCache.close());

  const phraseOf = async (teacherId: number) =>
    (await findClassroomKeyOfTeacher(ctx.db, teacherId))?.keyPhrase ?? null;
  /** One document as the API answers it: with its feedback items. */
  const withFeedback = async (
    teacherId: number,
    document: DocumentSummary,
  ): Promise<DocumentDetail> => ({
    ...document,
    feedback: await documentFeedback(ctx, teacherId, document.id),
  });

  app.get('/api/documents', { schema: documentSchemas.list }, async (request, reply) => {
    const teacher = currentTeacher(request);
    const query = request.query;
    const page = await listCache.page(teacher.id, JSON.stringify(query), async () => {
      const built = await listDocuments(ctx.db, teacher.id, query);
      const body = built.rows.map((row) => presentDocument(row, built.classroomPhrase));
      return { body: JSON.stringify(body), total: built.total, nextCursor: built.nextCursor };
    });
    reply.header(DOCUMENTS_TOTAL_HEADER, String(page.total));
    if (page.nextCursor) reply.header(DOCUMENTS_NEXT_CURSOR_HEADER, page.nextCursor);
    // Already JSON: sent as it is kept.
    return reply
      .type('application/json; charset=utf-8')
      .serializer((body) => body as string)
      .send(page.body);
  });

  app.get(
    '/api/documents/id/:uniqueId',
    { schema: documentSchemas.byUniqueId },
    async (request) => {
      const teacher = currentTeacher(request);
      const { uniqueId } = request.params;
      if (!UNIQUE_ID_PATTERN.test(uniqueId)) throw notFound(DOCUMENT_NOT_FOUND);
      const row = await getTeacherDocument(ctx.db, teacher.id, { uniqueId });
      return withFeedback(teacher.id, presentDocument(row, await phraseOf(teacher.id)));
    },
  );

  app.get('/api/documents/:id', { schema: documentSchemas.read }, async (request) => {
    const teacher = currentTeacher(request);
    const row = await getTeacherDocument(ctx.db, teacher.id, { id: request.params.id });
    return withFeedback(teacher.id, presentDocument(row, await phraseOf(teacher.id)));
  });

  app.get('/api/documents/:id/extract', { schema: documentSchemas.extract }, async (request) => {
    const teacher = currentTeacher(request);
    const row = await getTeacherDocument(ctx.db, teacher.id, { id: request.params.id });
    return presentExtract(row.document);
  });

  app.post(
    '/api/documents/:id/extract/retry',
    { schema: documentSchemas.readAgain },
    async (request) => {
      const teacher = currentTeacher(request);
      const row = await readTextAgain(ctx, teacher.id, request.params.id);
      return presentDocument(row, await phraseOf(teacher.id));
    },
  );

  /** The pupil's file as handed in, for the review's page view. */
  app.get(
    '/api/documents/:id/original',
    { schema: documentSchemas.original },
    async (request, reply) => {
      const teacher = currentTeacher(request);
      const row = await getTeacherDocument(ctx.db, teacher.id, { id: request.params.id });
      return sendOriginalFile(reply, ctx, row.file, DOCUMENT_NOT_FOUND);
    },
  );

  /** The teacher's own "Upload Assignment": same path as a pupil's hand-in. */
  app.post('/api/documents', { schema: documentSchemas.create }, async (request) => {
    const teacher = currentTeacher(request);
    const input = request.body;
    const file = await resolveUploadedFile(ctx.db, teacher.id, input.fileUrl, 'teacher');
    const student = input.studentId
      ? await findTeacherStudent(ctx.db, teacher.id, input.studentId)
      : null;
    if (input.studentId && !student) throw notFound('Student not found');
    const author =
      input.author?.trim() || (student ? pupilDisplayName(student) : 'Unknown Student');
    const created = await ctx.db.transaction((tx) =>
      createDocument(tx, {
        teacherId: teacher.id,
        file,
        title: input.title,
        author,
        studentId: student?.id ?? null,
      }),
    );
    ctx.jobs.poke(EXTRACT_TEXT_JOB);
    const row = await getTeacherDocument(ctx.db, teacher.id, { id: created.id });
    return presentDocument(row, await phraseOf(teacher.id));
  });

  app.put('/api/documents/:id', { schema: documentSchemas.update }, async (request) => {
    const teacher = currentTeacher(request);
    const { id } = request.params;
    const changes = request.body;
    await updateDocument(ctx, teacher.id, id, changes);
    const row = await getTeacherDocument(ctx.db, teacher.id, { id });
    return presentDocument(row, await phraseOf(teacher.id));
  });

  /** More feedback on reviewed or shared work; pupils keep what was published until it is again. */
  app.post('/api/documents/:id/reopen', { schema: documentSchemas.reopen }, async (request) => {
    const teacher = currentTeacher(request);
    const { id } = request.params;
    await reopenDocument(ctx.db, teacher.id, id);
    const row = await getTeacherDocument(ctx.db, teacher.id, { id });
    return presentDocument(row, await phraseOf(teacher.id));
  });

  app.delete('/api/documents/:id', { schema: documentSchemas.remove }, async (request) => {
    await deleteDocument(ctx, currentTeacher(request).id, request.params.id);
    return { message: 'Document deleted' };
  });
}
