import type { FastifyInstance, FastifyRequest } from 'fastify';
import { generateVideoFieldsSchema } from '../../../contract/avatar-video';
import type { SchemaTypes } from '../../platform/api-docs';
import { notFound } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import type { AppContext } from '../../records/context';
import { currentTeacher, requireTeacher } from '../../records/teachers';
import { JSON_MEDIA_BODY_LIMIT, MAX_AUDIO_BYTES, readMediaBody } from '../../records/uploads';
import {
  findRender,
  presentCreated,
  presentStatus,
  sendRenderCaptions,
  sendRenderVideo,
  startRender,
} from '../../records/videos';
import { avatarVideoSchemas } from './route-schemas';

/** The teacher's browser may keep it, but asks again each time: a deleted report's video goes. */
const TEACHER_CACHE = 'private, no-cache';

export async function avatarVideoRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  /** One of the signed-in teacher's renders; anyone else's is not found. */
  async function ownedRender(request: FastifyRequest, id: string, missing: string) {
    const row = await findRender(ctx, id);
    if (!row || row.teacherId !== currentTeacher(request).id) throw notFound(missing);
    return row;
  }

  app.post(
    '/api/parent-reports/generate-video',
    {
      schema: avatarVideoSchemas.generate,
      bodyLimit: JSON_MEDIA_BODY_LIMIT,
      config: { acceptsFormUpload: true },
      preValidation: requireTeacher(ctx.db),
    },
    async (request) => {
      // The teacher is the session's; a teacherId in the body is ignored.
      const teacher = currentTeacher(request);
      const { bytes, fields } = await readMediaBody(ctx, request, teacher.id, {
        fileField: 'audio',
        dataField: 'audioData',
        maxBytes: MAX_AUDIO_BYTES,
        what: 'The recording',
      });
      const input = parseInput(generateVideoFieldsSchema(bytes !== null), fields);
      return presentCreated(await startRender(ctx, teacher.id, { ...input, recording: bytes }));
    },
  );

  /** Progress for the page: the owner only (another teacher's render is not found). */
  app.get(
    '/api/videos/:id/status',
    { schema: avatarVideoSchemas.status, preValidation: requireTeacher(ctx.db) },
    async (request) =>
      presentStatus(await ownedRender(request, request.params.id, 'Video not found')),
  );

  /*
   * The MP4 and its captions, for the teacher's own pages. A parent watches the same render
   * under the report link's address (/api/shared/{key}/video), which stops with the link.
   */
  app.get(
    '/api/videos/:id',
    { schema: avatarVideoSchemas.video, preValidation: requireTeacher(ctx.db) },
    async (request, reply) =>
      sendRenderVideo(
        reply,
        ctx,
        await ownedRender(request, request.params.id, 'Video not found'),
        request.headers.range,
        TEACHER_CACHE,
      ),
  );

  app.get(
    '/api/videos/:id/captions.vtt',
    { schema: avatarVideoSchemas.captions, preValidation: requireTeacher(ctx.db) },
    async (request, reply) =>
      sendRenderCaptions(
        reply,
        await ownedRender(request, request.params.id, 'Captions not found'),
        TEACHER_CACHE,
      ),
  );
}
