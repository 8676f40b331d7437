import {
  avatarIdParamsSchema,
  avatarImageRequestSchema,
  avatarImageResponseSchema,
  avatarProfileListSchema,
  avatarProfileSchema,
  avatarVideoRequestSchema,
  avatarVideoResponseSchema,
  createAvatarProfileSchema,
  createVoiceProfileResponseSchema,
  createVoiceProfileSchema,
  profileDeletedSchema,
  profileIdParamsSchema,
  profileMediaParamsSchema,
  voiceIdParamsSchema,
  voicePreviewQuerySchema,
  voiceProfileListSchema,
  voiceProfileSchema,
  voiceSampleRequestSchema,
  voiceSampleResponseSchema,
  voiceTypeRequestSchema,
} from '../../../contract/profiles';
import { describedParams, fileResponse, recordId, teacherOnly } from '../../platform/api-docs';
import { notFoundParams, readByTheRoute } from '../../platform/validation';

const tags = ['Voice and avatar profiles'];
const security = teacherOnly;

const voiceParams = notFoundParams(
  describedParams(voiceIdParamsSchema, {
    voiceId: 'The profile’s voice id (`voiceId` in the list)',
  }),
  'Voice profile not found',
);

const media = (what: string, ...types: string[]) => ({
  tags,
  security,
  summary: `Play or show one of the teacher’s own ${what} (byte ranges supported)`,
  params: notFoundParams(profileMediaParamsSchema, 'File not found'),
  response: {
    200: fileResponse(`The ${what.replace(/s$/, '')}`, ...types),
    206: fileResponse('The requested byte range', ...types),
  },
});

export const profileSchemas = {
  voiceSample: {
    tags,
    security,
    summary: 'Store a voice sample (base64 audio in JSON)',
    // JSON or a form upload: the route reads it (MEDIA in routes.ts).
    body: readByTheRoute(voiceSampleRequestSchema),
    response: { 200: voiceSampleResponseSchema },
  },
  createVoice: {
    tags,
    security,
    summary: 'Create a voice profile from a stored sample, with consent',
    body: createVoiceProfileSchema,
    response: { 200: createVoiceProfileResponseSchema },
  },
  voices: {
    tags,
    security,
    summary: 'The teacher’s voice profiles',
    response: { 200: voiceProfileListSchema },
  },
  deleteVoice: {
    tags,
    security,
    summary: 'Delete a voice profile by its voice id',
    params: voiceParams,
    response: { 200: profileDeletedSchema },
  },
  voiceType: {
    tags,
    security,
    summary: 'Choose the synthesized voice’s type (female or male, and which voice)',
    params: voiceParams,
    body: voiceTypeRequestSchema,
    response: { 200: voiceProfileSchema },
  },
  voicePreview: {
    tags,
    security,
    summary: 'Hear a sentence in a voice type, at the profile’s measured pitch and pace (WAV)',
    params: voiceParams,
    querystring: voicePreviewQuerySchema,
    response: { 200: fileResponse('A few seconds of speech', 'audio/wav') },
  },
  avatarImage: {
    tags,
    security,
    summary: 'Store an avatar photo (base64 image in JSON; re-encoded as JPEG)',
    // JSON or a form upload: the route reads it (MEDIA in routes.ts).
    body: readByTheRoute(avatarImageRequestSchema),
    response: { 200: avatarImageResponseSchema },
  },
  avatarVideo: {
    tags,
    security,
    summary: 'Store an avatar video sample (base64 video in JSON)',
    // JSON or a form upload: the route reads it (MEDIA in routes.ts).
    body: readByTheRoute(avatarVideoRequestSchema),
    response: { 200: avatarVideoResponseSchema },
  },
  createAvatar: {
    tags,
    security,
    summary: 'Create an avatar profile from a stored photo, with consent',
    body: createAvatarProfileSchema,
    response: { 200: avatarProfileSchema },
  },
  avatars: {
    tags,
    security,
    summary: 'The teacher’s avatar profiles',
    response: { 200: avatarProfileListSchema },
  },
  deleteAvatar: {
    tags,
    security,
    summary: 'Delete an avatar profile by its avatar id',
    params: notFoundParams(
      describedParams(avatarIdParamsSchema, {
        avatarId: 'The profile’s avatar id (`avatarId` in the list)',
      }),
      'Avatar profile not found',
    ),
    response: { 200: profileDeletedSchema },
  },
  deleteAvatarById: {
    tags,
    security,
    summary: 'Delete an avatar profile by its record id (one that never got an avatar id)',
    params: notFoundParams(
      describedParams(profileIdParamsSchema, { id: recordId('avatar profile') }),
      'Avatar profile not found',
    ),
    response: { 200: profileDeletedSchema },
  },
  sample: media('voice samples', 'audio/webm', 'audio/mpeg', 'audio/wav'),
  image: media('avatar photos', 'image/jpeg'),
  video: media('avatar videos', 'video/mp4', 'video/webm'),
};
