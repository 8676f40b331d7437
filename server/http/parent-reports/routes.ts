import type { FastifyInstance } from 'fastify';
import type { SchemaTypes } from '../../platform/api-docs';
import { notFound } from '../../platform/errors';
import { privatePage } from '../../platform/http';
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
import { currentTeacher, requireTeacher } from '../../records/teachers';
import { findRender, sendRenderCaptions, sendRenderVideo } from '../../records/videos';
import { parentReportSchemas } from './route-schemas';

export async function parentReportRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  app.register(async (instance) => {
    const teacherApi = instance.withTypeProvider<SchemaTypes>();
    teacherApi.addHook('preValidation', requireTeacher(ctx.db));
    const teacherId = (request: Parameters<typeof currentTeacher>[0]) => currentTeacher(request).id;

    teacherApi.get('/api/parent-reports', { schema: parentReportSchemas.list }, async (request) =>
      listReports(ctx, teacherId(request)),
    );

    teacherApi.get(
      '/api/parent-reports/:id',
      { schema: parentReportSchemas.read },
      async (request) => getReport(ctx, teacherId(request), request.params.id),
    );

    teacherApi.post(
      '/api/parent-reports',
      { schema: parentReportSchemas.create },
      async (request) => createReport(ctx, teacherId(request), request.body),
    );

    teacherApi.put(
      '/api/parent-reports/:id',
      { schema: parentReportSchemas.update },
      async (request) => {
        const { id } = request.params;
        const input = request.body;
        return updateReport(ctx, teacherId(request), id, input);
      },
    );

    teacherApi.post(
      '/api/parent-reports/:id/video',
      { schema: parentReportSchemas.makeVideo },
      async (request) => {
        const { id } = request.params;
        const input = request.body;
        return makeReportVideo(ctx, teacherId(request), id, input);
      },
    );

    teacherApi.delete(
      '/api/parent-reports/:id',
      { schema: parentReportSchemas.remove },
      async (request) => {
        await deleteReport(ctx, teacherId(request), request.params.id);
        return { message: 'Report deleted' as const };
      },
    );

    teacherApi.post(
      '/api/parent-reports/:id/share',
      { schema: parentReportSchemas.share },
      async (request) => {
        const { id } = request.params;
        const input = request.body;
        return shareReport(ctx, currentTeacher(request), id, input);
      },
    );

    teacherApi.get(
      '/api/parent-reports/:id/links',
      { schema: parentReportSchemas.links },
      async (request) => listReportLinks(ctx, teacherId(request), request.params.id),
    );

    teacherApi.post(
      '/api/report-links/:id/revoke',
      { schema: parentReportSchemas.revokeLink },
      async (request) => {
        const { id } = request.params;
        await revokeReportLink(ctx, teacherId(request), id);
        return { message: 'Link revoked' as const };
      },
    );
  });

  // The parent's page: anyone holding the key, nobody else.
  app.get(
    '/api/shared/:key',
    { schema: parentReportSchemas.shared, onRequest: privatePage },
    async (request) => openSharedReport(ctx, request.params.key, request.method === 'GET'),
  );

  /** The report's render, only while the link is live; fetching it is not a view. */
  async function linkedRender(key: string, missing: string) {
    const { report } = await findLiveReportLink(ctx, key);
    const render = report.videoRenderId ? await findRender(ctx, report.videoRenderId) : null;
    if (!render) throw notFound(missing);
    return render;
  }

  app.get(
    '/api/shared/:key/video',
    { schema: parentReportSchemas.sharedVideo, onRequest: privatePage },
    async (request, reply) => {
      const render = await linkedRender(request.params.key, 'Video not found');
      return sendRenderVideo(reply, ctx, render, request.headers.range, 'no-store');
    },
  );

  app.get(
    '/api/shared/:key/captions.vtt',
    { schema: parentReportSchemas.sharedCaptions, onRequest: privatePage },
    async (request, reply) => {
      return sendRenderCaptions(
        reply,
        await linkedRender(request.params.key, 'Captions not found'),
        'no-store',
      );
    },
  );
}
