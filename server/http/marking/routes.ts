import type { FastifyInstance } from 'fastify';
import type { SchemaTypes } from '../../platform/api-docs';
import {
  deleteBankComment,
  listBankComments,
  presentBankComment,
  saveBankComment,
  updateBankComment,
} from '../../records/comment-bank';
import type { AppContext } from '../../records/context';
import { documentMarkOf, lastRubricCriteria, saveDocumentMark } from '../../records/documents';
import { currentTeacher, requireTeacher } from '../../records/teachers';
import { markSheetCsv, markSheetFileName } from '../../work/exports';
import { markingSchemas } from './route-schemas';

/** The teacher's marking tools: the comment bank, a document's mark, the class mark sheet. */
export async function markingRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  app.addHook('preValidation', requireTeacher(ctx.db));

  app.get('/api/comment-bank', { schema: markingSchemas.listComments }, async (request) => {
    const { q } = request.query;
    const rows = await listBankComments(ctx.db, currentTeacher(request).id, q);
    return rows.map(presentBankComment);
  });

  app.post('/api/comment-bank', { schema: markingSchemas.saveComment }, async (request) => {
    const { text } = request.body;
    return presentBankComment(await saveBankComment(ctx.db, currentTeacher(request).id, text));
  });

  app.put('/api/comment-bank/:id', { schema: markingSchemas.updateComment }, async (request) => {
    const { id } = request.params;
    const { text } = request.body;
    const row = await updateBankComment(ctx.db, currentTeacher(request).id, id, text);
    return presentBankComment(row);
  });

  app.delete('/api/comment-bank/:id', { schema: markingSchemas.deleteComment }, async (request) => {
    const { id } = request.params;
    await deleteBankComment(ctx.db, currentTeacher(request).id, id);
    return { message: 'Comment deleted' as const };
  });

  app.get('/api/documents/:id/mark', { schema: markingSchemas.getMark }, async (request) => {
    const { id } = request.params;
    return documentMarkOf(ctx.db, currentTeacher(request).id, id);
  });

  app.put('/api/documents/:id/mark', { schema: markingSchemas.saveMark }, async (request) => {
    const { id } = request.params;
    const input = request.body;
    return saveDocumentMark(ctx.db, currentTeacher(request).id, id, input);
  });

  app.get('/api/marks/last-rubric', { schema: markingSchemas.lastRubric }, async (request) => ({
    criteria: await lastRubricCriteria(ctx.db, currentTeacher(request).id),
  }));

  app.get('/api/mark-sheet', { schema: markingSchemas.markSheet }, async (request, reply) => {
    const { title } = request.query;
    const csv = await markSheetCsv(ctx.db, currentTeacher(request).id, title);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Cache-Control', 'private, no-store')
      .header(
        'Content-Disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(markSheetFileName(title))}`,
      )
      .send(csv);
  });
}
