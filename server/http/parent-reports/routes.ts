import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordIdSchema } from '../../../contract/ids';
import {
  createParentReportSchema,
  makeReportVideoSchema,
  REPORT_NOT_FOUND,
  reportIdParamsSchema,
  shareReportSchema,
  updateParentReportSchema,
} from '../../../contract/parent-reports';
import { notFound } from '../../platform/errors';
import { currentTeacher, requireTeacher } from '../../platform/guards';
import { privatePageHeaders } from '../../platform/http';
import { parseId, parseInput } from '../../platform/validation';
import type { AppContext } from '../../records/context';
import {
  createReport,
  deleteReport,
  getReport,
  listReports,
  makeReportVideo,
  updateReport,
} from '../../records/reports';
import {
  findLiveReportLink,
  listReportLinks,
  openSharedReport,
  revokeReportLink,
  shareReport,
} from '../../records/sharing';
import { findRender, sendRenderCaptions, sendRenderVideo } from '../../records/videos';
import { parentReportSchemas } from './route-schemas';

const linkIdParamsSchema = z.object({
  id: recordIdSchema('Link not found'),
});
const keyParamsSchema = z.object({ key: z.string().max(100) });

export async function parentReportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (teacherApi) => {
    teacherApi.addHook('preHandler', requireTeacher(ctx.db));
    const teacherId = (request: Parameters<typeof currentTeacher>[0]) => currentTeacher(request).id;
    const reportId = (params: unknown) =>
      parseId(reportIdParamsSchema, params, REPORT_NOT_FOUND).id;

    teacherApi.get('/api/parent-reports', { schema: parentReportSchemas.list }, async (request) =>
      listReports(ctx, teacherId(request)),
    );

    teacherApi.get(
      '/api/parent-reports/:id',
      { schema: parentReportSchemas.read },
      async (request) => getReport(ctx, teacherId(request), reportId(request.params)),
    );

    teacherApi.post(
      '/api/parent-reports',
      { schema: parentReportSchemas.create },
      async (request) =>
        createReport(ctx, teacherId(request), parseInput(createParentReportSchema, request.body)),
    );

    teacherApi.put(
      '/api/parent-reports/:id',
      { schema: parentReportSchemas.update },
      async (request) => {
        const id = reportId(request.params);
        const input = parseInput(updateParentReportSchema, request.body);
        return updateReport(ctx, teacherId(request), id, input);
      },
    );

    teacherApi.post(
      '/api/parent-reports/:id/video',
      { schema: parentReportSchemas.makeVideo },
      async (request) => {
        const id = reportId(request.params);
        const input = parseInput(makeReportVideoSchema, request.body ?? {});
        return makeReportVideo(ctx, teacherId(request), id, input);
      },
    );

    teacherApi.delete(
      '/api/parent-reports/:id',
      { schema: parentReportSchemas.remove },
      async (request) => {
        await deleteReport(ctx, teacherId(request), reportId(request.params));
        return { message: 'Report deleted' };
      },
    );

    teacherApi.post(
      '/api/parent-reports/:id/share',
      { schema: parentReportSchemas.share },
      async (request) => {
        const id = reportId(request.params);
        const input = parseInput(shareReportSchema, request.body);
        return shareReport(ctx, currentTeacher(request), id, input);
      },
    );

    teacherApi.get(
      '/api/parent-reports/:id/links',
      { schema: parentReportSchemas.links },
      async (request) => listReportLinks(ctx, teacherId(request), reportId(request.params)),
    );

    teacherApi.post(
      '/api/report-links/:id/revoke',
      { schema: parentReportSchemas.revokeLink },
      async (request) => {
        const { id } = parseId(linkIdParamsSchema, request.params, 'Link not found');
        await revokeReportLink(ctx, teacherId(request), id);
        return { message: 'Link revoked' };
      },
    );
  });

  // The parent's page: anyone holding the key, nobody else.
  app.get('/api/shared/:key', { schema: parentReportSchemas.shared }, async (request, reply) => {
    const { key } = parseId(keyParamsSchema, request.params, 'Not found');
    privatePageHeaders(reply);
    return openSharedReport(ctx, key, request.method === 'GET');
  });

  /** The report's render, only while the link is live; fetching it is not a view. */
  async function linkedRender(params: unknown, missing: string) {
    const { key } = parseId(keyParamsSchema, params, missing);
    const { report } = await findLiveReportLink(ctx, key);
    const render = report.videoRenderId ? await findRender(ctx, report.videoRenderId) : null;
    if (!render) throw notFound(missing);
    return render;
  }

  app.get(
    '/api/shared/:key/video',
    { schema: parentReportSchemas.sharedVideo },
    async (request, reply) => {
      privatePageHeaders(reply);
      const render = await linkedRender(request.params, 'Video not found');
      return sendRenderVideo(reply, ctx, render, request.headers.range, 'no-store');
    },
  );

  app.get(
    '/api/shared/:key/captions.vtt',
    { schema: parentReportSchemas.sharedCaptions },
    async (request, reply) => {
      privatePageHeaders(reply);
      return sendRenderCaptions(
        reply,
        await linkedRender(request.params, 'Captions not found'),
        'no-store',
      );
    },
  );
}
