import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  avatarIdParamsSchema,
  avatarImageRequestSchema,
  avatarVideoRequestSchema,
  createAvatarProfileSchema,
  createVoiceProfileSchema,
  PROFILE_LIMITS,
  profileIdParamsSchema,
  voiceIdParamsSchema,
  voiceSampleRequestSchema,
} from '../../../contract/profiles';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { currentTeacher, requireTeacher } from '../../platform/guards';
import { sendWithRanges } from '../../platform/http/stored-file';
import { parseId, parseInput } from '../../platform/validation';
import { storeFile } from '../uploads/service';
import { decodeBase64, inspectPhoto, inspectVideo, inspectVoiceSample } from './media';
import { imagePathOf, presentAvatar, presentVoice, samplePathOf, videoPathOf } from './presenter';
import { profileSchemas } from './route-schemas';
import {
  createAvatar,
  createVoice,
  deleteAvatar,
  deleteVoice,
  listAvatars,
  listVoices,
  ownedAvatar,
  ownedMedia,
  ownedVoice,
} from './service';

/** Base64 is 4/3 of the bytes; the slack covers a data-URL prefix and other fields. */
const bodyLimit = (bytes: number) => Math.ceil((bytes * 4) / 3) + 64 * 1024;
const fileIdParams = z.object({ fileId: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

export async function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  const guard = { preHandler: requireTeacher(ctx.db) };

  app.post(
    '/api/teacher-voices/samples',
    {
      ...guard,
      schema: profileSchemas.voiceSample,
      bodyLimit: bodyLimit(PROFILE_LIMITS.audioBytes),
    },
    async (request) => {
      const teacher = currentTeacher(request);
      const { audioData } = parseInput(voiceSampleRequestSchema, request.body);
      const bytes = decodeBase64(audioData, 'The voice sample');
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
      const input = parseInput(createVoiceProfileSchema, request.body);
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
      const { voiceId } = parseId(voiceIdParamsSchema, request.params, 'Voice profile not found');
      await deleteVoice(ctx, await ownedVoice(ctx.db, teacher.id, voiceId));
      return { success: true };
    },
  );

  app.post(
    '/api/teacher-avatars/images',
    {
      ...guard,
      schema: profileSchemas.avatarImage,
      bodyLimit: bodyLimit(PROFILE_LIMITS.imageBytes),
    },
    async (request) => {
      const teacher = currentTeacher(request);
      const { imageData } = parseInput(avatarImageRequestSchema, request.body);
      const bytes = await inspectPhoto(decodeBase64(imageData, 'The photo'));
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
      bodyLimit: bodyLimit(PROFILE_LIMITS.videoBytes),
    },
    async (request) => {
      const teacher = currentTeacher(request);
      const { videoData } = parseInput(avatarVideoRequestSchema, request.body);
      const bytes = decodeBase64(videoData, 'The video sample');
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
      const input = parseInput(createAvatarProfileSchema, request.body);
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
      const { avatarId } = parseId(
        avatarIdParamsSchema,
        request.params,
        'Avatar profile not found',
      );
      await deleteAvatar(ctx, await ownedAvatar(ctx.db, teacher.id, { avatarId }));
      return { success: true };
    },
  );

  // An avatar whose photo failed has no avatar id; the teacher removes it by its row id.
  app.delete(
    '/api/teacher-avatar-profiles/:id',
    { ...guard, schema: profileSchemas.deleteAvatarById },
    async (request) => {
      const teacher = currentTeacher(request);
      const { id } = parseId(profileIdParamsSchema, request.params, 'Avatar profile not found');
      await deleteAvatar(ctx, await ownedAvatar(ctx.db, teacher.id, { id }));
      return { success: true };
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
      const { fileId } = parseId(fileIdParams, request.params, 'File not found');
      const path = route.replace(':fileId', fileId);
      const file = await ownedMedia(ctx.db, currentTeacher(request).id, path, kind);
      if (!file) throw notFound('File not found');
      return sendWithRanges(reply, ctx, file, request.headers.range, {
        cacheControl: 'private, no-cache',
      });
    });
  }
}
