import type { FastifyInstance, FastifyRequest } from 'fastify';
import { classroomKeyIdSchema } from '../../../contract/classroom';
import type { SchemaTypes } from '../../platform/api-docs';
import { TEACHER_SESSION_COOKIE } from '../../platform/cookies';
import { notFound, unauthorized } from '../../platform/errors';
import { readSingleFile, STORED_FILE_CSP } from '../../platform/http';
import type { ThrottleRule } from '../../platform/throttle';
import { parseInput } from '../../platform/validation';
import { findClassroomKeyById } from '../../records/classroom';
import type { AppContext } from '../../records/context';
import { currentTeacher, findTeacherBySession, requireTeacher } from '../../records/teachers';
import {
  findTeacherFile,
  inspectUpload,
  MAX_UPLOAD_BYTES,
  storeFile,
  uploadUrl,
} from '../../records/uploads';
import { uploadSchemas } from './route-schemas';

/** A pupil by the classroom key id sent with the file; otherwise the teacher signed in. */
async function identifySender(
  ctx: AppContext,
  request: FastifyRequest,
  classroomKeyId: string | undefined,
) {
  if (classroomKeyId !== undefined) {
    const { id } = parseInput(classroomKeyIdSchema, { id: classroomKeyId });
    const key = await findClassroomKeyById(ctx.db, id);
    if (!key) throw notFound('Invalid classroom key', 'invalid_classroom_key');
    return { teacherId: key.teacherId, uploadedBy: 'pupil' as const };
  }
  const token = request.cookies[TEACHER_SESSION_COOKIE];
  const teacher = token ? await findTeacherBySession(ctx.db, token) : null;
  if (!teacher) throw unauthorized();
  return { teacherId: teacher.id, uploadedBy: 'teacher' as const };
}

/** A class handing in at once is fine; a script filling the disk is not. */
export const PUPIL_UPLOADS_PER_CLASSROOM: ThrottleRule = { limit: 300, windowMs: 60 * 60_000 };
/**
 * One address's share of its class's allowance: a third, so no two addresses (a retrying
 * script, two home connections) can use it all up and lock classmates out, while a class
 * of 30 handing in from its school's one address can still try three times each. Pupils
 * have no identity at upload time beyond the classroom key; a typed name would be free to
 * change, an address is not.
 */
export const PUPIL_UPLOADS_PER_CLASSROOM_AND_ADDRESS: ThrottleRule = {
  limit: 100,
  windowMs: 60 * 60_000,
};

export async function uploadRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  /**
   * Pupils upload with their classroom key id; teachers with their session.
   * Either way the file lands in that teacher's store and nobody else's.
   */
  const formUpload = { acceptsFormUpload: true };
  app.post(
    '/api/uploads',
    { schema: uploadSchemas.upload, config: formUpload },
    async (request) => {
      let sender: { teacherId: number; uploadedBy: 'pupil' | 'teacher' } | undefined;
      const upload = await readSingleFile(request, {
        maxBytes: MAX_UPLOAD_BYTES,
        fileField: 'file',
        // Who is sending is settled before the file is read (send classroomKeyId first).
        beforeFile: async (fields) => {
          sender = await identifySender(ctx, request, fields.classroomKeyId);
        },
      });
      if (!sender) throw unauthorized();
      const { teacherId, uploadedBy } = sender;
      const inspected = await inspectUpload(upload.bytes, upload.filename);
      const fromHere = `upload:teacher:${teacherId}:ip:${request.ip}`;
      const fromClass = `upload:teacher:${teacherId}`;
      // Both checked before anything is stored: an address over its share spends nothing
      // of the class's allowance.
      if (uploadedBy === 'pupil') {
        await ctx.throttle.check(fromHere, PUPIL_UPLOADS_PER_CLASSROOM_AND_ADDRESS);
        await ctx.throttle.check(fromClass, PUPIL_UPLOADS_PER_CLASSROOM);
      }
      const file = await storeFile(ctx, {
        teacherId,
        bytes: inspected.bytes,
        originalName: upload.filename,
        contentType: inspected.contentType,
        extension: inspected.extension,
        uploadedBy,
      });
      // Counted once the file is stored: junk the inspection refused, and an upload the
      // server failed to keep, use up nothing of a class's allowance.
      if (uploadedBy === 'pupil') {
        await ctx.throttle.hit(fromHere, PUPIL_UPLOADS_PER_CLASSROOM_AND_ADDRESS);
        await ctx.throttle.hit(fromClass, PUPIL_UPLOADS_PER_CLASSROOM);
      }
      return { fileUrl: uploadUrl(file.id) };
    },
  );

  /** The teacher may fetch any file of theirs by its upload address. */
  app.get(
    '/api/uploads/:fileId',
    { schema: uploadSchemas.file, preValidation: requireTeacher(ctx.db) },
    async (request, reply) => {
      const { fileId } = request.params;
      const file = await findTeacherFile(ctx.db, currentTeacher(request).id, fileId);
      if (!file) throw notFound('File not found');
      // Streamed from the store (disk or S3), never held whole in memory.
      const stored = await ctx.files.stat(file.storageKey);
      if (!stored) throw notFound('File not found', 'file_not_found');
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Security-Policy', STORED_FILE_CSP(file.contentType))
        .header('Cache-Control', 'private, no-store')
        .header(
          'Content-Disposition',
          `inline; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
        )
        .header('Content-Length', stored.size)
        .send(ctx.files.createReadStream(file.storageKey));
    },
  );
}
