import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  avatarImageRequestSchema,
  avatarVideoRequestSchema,
  PROFILE_LIMITS,
  voiceSampleRequestSchema,
} from '../../../contract/profiles';
import type { SchemaTypes } from '../../platform/api-docs';
import { badRequest, notFound } from '../../platform/errors';
import { sendWithRanges } from '../../platform/http';
import { parseInput } from '../../platform/validation';
import type { AppContext } from '../../records/context';
import {
  chooseVoiceType,
  createAvatar,
  createVoice,
  deleteAvatar,
  deleteVoice,
  imagePathOf,
  inspectPhoto,
  inspectVideo,
  inspectVoiceSample,
  listAvatars,
  listVoices,
  ownedAvatar,
  ownedMedia,
  ownedVoice,
  presentAvatar,
  presentVoice,
  previewVoiceType,
  samplePathOf,
  videoPathOf,
} from '../../records/profiles';
import { currentTeacher, requireTeacher } from '../../records/teachers';
import { JSON_MEDIA_BODY_LIMIT, readMediaBody, storeFile } from '../../records/uploads';
import { profileSchemas } from './route-schemas';

/**
 * Each sample's form part, JSON field, size limit and the message when it is missing. The JSON field's schema still answers a JSON body whose field is not text.
 */
const MEDIA = {
  sample: {
    fileField: 'audio',
    dataField: 'audioData',
    maxBytes: PROFILE_LIMITS.audioBytes,
    what: 'The voice sample',
    schema: voiceSampleRequestSchema,
  },
  photo: {
    fileField: 'image',
    dataField: 'imageData',
    maxBytes: PROFILE_LIMITS.imageBytes,
    what: 'The photo',
    schema: avatarImageRequestSchema,
  },
  video: {
    fileField: 'video',
    dataField: 'videoData',
    maxBytes: PROFILE_LIMITS.videoBytes,
    what: 'The video sample',
    schema: avatarVideoRequestSchema,
  },
} as const;

export async function profileRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  const guard = { preValidation: requireTeacher(ctx.db) };

  /** The sample's bytes from a form upload or a JSON body; missing is a 400 naming the field. */
  async function mediaFile(
    request: FastifyRequest,
    teacherId: number,
    media: (typeof MEDIA)[keyof typeof MEDIA],
  ): Promise<Buffer> {
    const { bytes } = await readMediaBody(ctx, request, teacherId, media);
    if (bytes) return bytes;
    // Nothing usable was sent: the schema's own message says what was expected.
    parseInput(media.schema, request.isMultipart() ? {} : request.body);
    throw badRequest(`${media.what} could not be read`, 'invalid_data');
  }

  app.post(
    '/api/teacher-voices/samples',
    {
      ...guard,
      schema: profileSchemas.voiceSample,
      bodyLimit: JSON_MEDIA_BODY_LIMIT,
      config: { acceptsFormUpload: true },
    },
    async (request) => {
      const teacher = currentTeacher(request);
      const bytes = await mediaFile(request, teacher.id, MEDIA.sample);
      const audio = await inspectVoiceSample(bytes);
      const file = await storeFile(ctx, {
        teacherId: teacher.id,
        bytes,
        originalName: `voice-sample.${audio.extension}`,
        contentType: audio.contentType,
        extension: audio.extension,
        uploadedBy: 'teacher',
      });
      return { samplePath: samplePathOf(file.id), duration: audio.durationSeconds };
    },
  );

  app.post(
    '/api/teacher-voices/create',
    { ...guard, schema: profileSchemas.createVoice },
    async (request) => {
      const teacher = currentTeacher(request);
      const input = request.body;
      const { row, notice } = await createVoice(ctx, teacher.id, input);
      return { ...presentVoice(row), notice };
    },
  );

  // The spec names both; they answer the same list.
  for (const path of ['/api/teacher-voices', '/api/teacher-voice-profiles']) {
    app.get(path, { ...guard, schema: profileSchemas.voices }, async (request) =>
      (await listVoices(ctx.db, currentTeacher(request).id)).map(presentVoice),
    );
  }

  app.delete(
    '/api/teacher-voices/:voiceId',
    { ...guard, schema: profileSchemas.deleteVoice },
    async (request) => {
      const teacher = currentTeacher(request);
      const { voiceId } = request.params;
      await deleteVoice(ctx, await ownedVoice(ctx.db, teacher.id, voiceId));
      return { success: true as const };
    },
  );

  app.put(
    '/api/teacher-voices/:voiceId/voice-type',
    { ...guard, schema: profileSchemas.voiceType },
    async (request) => {
      const teacher = currentTeacher(request);
      const { voiceId } = request.params;
      const row = await ownedVoice(ctx.db, teacher.id, voiceId);
      const { variant } = request.body;
      return presentVoice(await chooseVoiceType(ctx, row, variant));
    },
  );

  // The same words for the same voice: the browser may keep it while the page is open.
  app.get(
    '/api/teacher-voices/:voiceId/preview',
    { ...guard, schema: profileSchemas.voicePreview },
    async (request, reply) => {
      const teacher = currentTeacher(request);
      const { voiceId } = request.params;
      const row = await ownedVoice(ctx.db, teacher.id, voiceId);
      const { variant } = request.query;
      const wav = await previewVoiceType(ctx, row, variant);
      return reply
        .header('Content-Type', 'audio/wav')
        .header('Cache-Control', 'private, max-age=600')
        .send(wav);
    },
  );

  app.post(
    '/api/teacher-avatars/images',
    {
      ...guard,
      schema: profileSchemas.avatarImage,
      bodyLimit: JSON_MEDIA_BODY_LIMIT,
      config: { acceptsFormUpload: true },
    },
    async (request) => {
      const teacher = currentTeacher(request);
      const bytes = await inspectPhoto(await mediaFile(request, teacher.id, MEDIA.photo));
      const file = await storeFile(ctx, {
        teacherId: teacher.id,
        bytes,
        originalName: 'avatar-photo.jpg',
        contentType: 'image/jpeg',
        extension: 'jpg',
        uploadedBy: 'teacher',
      });
      return { imagePath: imagePathOf(file.id) };
    },
  );

  app.post(
    '/api/teacher-avatars/videos',
    {
      ...guard,
      schema: profileSchemas.avatarVideo,
      bodyLimit: JSON_MEDIA_BODY_LIMIT,
      config: { acceptsFormUpload: true },
    },
    async (request) => {
      const teacher = currentTeacher(request);
      const bytes = await mediaFile(request, teacher.id, MEDIA.video);
      const video = await inspectVideo(bytes);
      const file = await storeFile(ctx, {
        teacherId: teacher.id,
        bytes,
        originalName: `video-sample.${video.extension}`,
        contentType: video.contentType,
        extension: video.extension,
        uploadedBy: 'teacher',
      });
      return { videoPath: videoPathOf(file.id) };
    },
  );

  app.post(
    '/api/teacher-avatars/create',
    { ...guard, schema: profileSchemas.createAvatar },
    async (request) => {
      const teacher = currentTeacher(request);
      const input = request.body;
      return presentAvatar(await createAvatar(ctx, teacher.id, input));
    },
  );

  app.get(
    '/api/teacher-avatar-profiles',
    { ...guard, schema: profileSchemas.avatars },
    async (request) => (await listAvatars(ctx.db, currentTeacher(request).id)).map(presentAvatar),
  );

  app.delete(
    '/api/teacher-avatars/:avatarId',
    { ...guard, schema: profileSchemas.deleteAvatar },
    async (request) => {
      const teacher = currentTeacher(request);
      const { avatarId } = request.params;
      await deleteAvatar(ctx, await ownedAvatar(ctx.db, teacher.id, { avatarId }));
      return { success: true as const };
    },
  );

  // An avatar whose photo failed has no avatar id; the teacher removes it by its row id.
  app.delete(
    '/api/teacher-avatar-profiles/:id',
    { ...guard, schema: profileSchemas.deleteAvatarById },
    async (request) => {
      const teacher = currentTeacher(request);
      const { id } = request.params;
      await deleteAvatar(ctx, await ownedAvatar(ctx.db, teacher.id, { id }));
      return { success: true as const };
    },
  );

  // The teacher's own samples, photos and videos, for the profile page to play and show.
  const media = [
    ['/api/teacher-voices/samples/:fileId', 'sample'],
    ['/api/teacher-avatars/images/:fileId', 'image'],
    ['/api/teacher-avatars/videos/:fileId', 'video'],
  ] as const;
  for (const [route, kind] of media) {
    app.get(route, { ...guard, schema: profileSchemas[kind] }, async (request, reply) => {
      const { fileId } = request.params;
      const path = route.replace(':fileId', fileId);
      const file = await ownedMedia(ctx.db, currentTeacher(request).id, path, kind);
      if (!file) throw notFound('File not found');
      return sendWithRanges(reply, ctx, file, request.headers.range, {
        cacheControl: 'private, no-cache',
      });
    });
  }
}
