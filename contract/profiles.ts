import { z } from 'zod';
import { ADDRESS_ID_PATTERN } from './addresses';
import { recordIdSchema } from './ids';
import {
  AVATAR_CONSENT_MESSAGE,
  CONSENT_MESSAGE,
  MAX_PROFILE_DESCRIPTION,
  MAX_PROFILE_NAME,
  PROFILE_LIMITS,
} from './profile-limits';
import { isStorableText, UNSTORABLE_TEXT } from './text';
import { CHOOSE_VOICE_TYPE, VOICE_TYPE_IDS } from './voice-types';

/*
 * Voice and avatar profiles (decision 0012). The teacher is always the
 * signed-in one: a `teacherId` in a body is not part of these schemas and is dropped.
 */

export {
  AVATAR_CONSENT_MESSAGE,
  CONSENT_MESSAGE,
  MAX_PROFILE_DESCRIPTION,
  MAX_PROFILE_NAME,
  PROFILE_LIMITS,
} from './profile-limits';

const base64Data = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    // 4/3 of the largest accepted file, plus a data-URL prefix.
    .max(Math.ceil((PROFILE_LIMITS.videoBytes * 4) / 3) + 200, 'The file is too large');

const text = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .refine((value) => value.trim().length > 0, required)
    .refine((value) => value.length <= max, tooLong)
    .refine(isStorableText, UNSTORABLE_TEXT);

export const voiceSampleRequestSchema = z.object({
  audioData: base64Data('Please upload or record a voice sample'),
});
export const voiceSampleResponseSchema = z.object({
  samplePath: z.string(),
  /** Seconds of audio in the sample. */
  duration: z.number(),
});

export const createVoiceProfileSchema = z.object({
  name: text('Name is required', MAX_PROFILE_NAME, 'Name is too long'),
  description: text('Description is required', MAX_PROFILE_DESCRIPTION, 'Description is too long'),
  samplePath: z
    .string({ error: 'Please upload or record a voice sample' })
    .min(1, 'Please upload or record a voice sample')
    .max(300, 'Please upload or record a voice sample'),
  consent: z.literal(true, { error: CONSENT_MESSAGE }),
});
export type CreateVoiceProfileRequest = z.input<typeof createVoiceProfileSchema>;

export const voiceSettingsSchema = z.object({
  medianPitchHz: z.number(),
  wordsPerMinute: z.number(),
  variant: z.string(),
  voicedSeconds: z.number(),
});

/** The synthesized voice's type, chosen by the teacher (contract/voice-types.ts). */
const voiceTypeId = z.enum(VOICE_TYPE_IDS, { error: CHOOSE_VOICE_TYPE });
export const voiceTypeRequestSchema = z.object({ variant: voiceTypeId });
export type VoiceTypeRequest = z.input<typeof voiceTypeRequestSchema>;
/** Which type to hear; the profile's own when absent. */
export const voicePreviewQuerySchema = z.object({ variant: voiceTypeId.optional() });

export const voiceProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  samplePath: z.string().nullable(),
  voiceId: z.string(),
  engine: z.enum(['builtin', 'provider']),
  settings: voiceSettingsSchema.nullable(),
  consentAt: z.string(),
  createdAt: z.string(),
});
export type VoiceProfile = z.infer<typeof voiceProfileSchema>;

export const createVoiceProfileResponseSchema = voiceProfileSchema.extend({
  /** Set when a configured provider failed and the built-in engine was used instead. */
  notice: z.string().nullable(),
});

export const avatarImageRequestSchema = z.object({
  imageData: base64Data('Please choose a photo'),
});
export const avatarImageResponseSchema = z.object({ imagePath: z.string() });

export const avatarVideoRequestSchema = z.object({
  videoData: base64Data('Please choose a video sample'),
});
export const avatarVideoResponseSchema = z.object({ videoPath: z.string() });

export const createAvatarProfileSchema = z
  .object({
    teacherName: text('Name is required', MAX_PROFILE_NAME, 'Name is too long'),
    imagePath: z.string().max(300).optional(),
    imageData: z.string().max(300).optional(),
    videoSamplePath: z.string().max(300).nullish(),
    consent: z.literal(true, { error: AVATAR_CONSENT_MESSAGE }),
  })
  .refine((value) => Boolean(value.imagePath || value.imageData), {
    message: 'Please upload a photo',
    path: ['imagePath'],
  });
export type CreateAvatarProfileRequest = z.input<typeof createAvatarProfileSchema>;

export const avatarProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  referenceImagePath: z.string().nullable(),
  videoSamplePath: z.string().nullable(),
  avatarId: z.string().nullable(),
  status: z.enum(['processing', 'ready', 'failed']),
  error: z.string().nullable(),
  consentAt: z.string(),
  createdAt: z.string(),
});
export type AvatarProfile = z.infer<typeof avatarProfileSchema>;

/** The administrator's view: every teacher's profiles, with their owner. */
export const profileOwnerSchema = z.object({
  teacherId: z.number(),
  ownerName: z.string(),
  ownerEmail: z.string(),
});
export const adminVoiceProfileSchema = voiceProfileSchema.extend(profileOwnerSchema.shape);
export type AdminVoiceProfile = z.infer<typeof adminVoiceProfileSchema>;
export const adminAvatarProfileSchema = avatarProfileSchema.extend(profileOwnerSchema.shape);
export type AdminAvatarProfile = z.infer<typeof adminAvatarProfileSchema>;

export const profileIdParamsSchema = z.object({
  id: recordIdSchema(),
});
export const voiceIdParamsSchema = z.object({
  voiceId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});
export const avatarIdParamsSchema = z.object({
  avatarId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});

export const profileDeletedSchema = z.object({ success: z.literal(true) });

export const voiceProfileListSchema = z.array(voiceProfileSchema);
export const avatarProfileListSchema = z.array(avatarProfileSchema);

/** A profile's own media (sample, photo, video): an unguessable id, the teacher's only. */
export const profileMediaParamsSchema = z.object({
  fileId: z
    .string()
    .regex(ADDRESS_ID_PATTERN)
    .describe('The file’s id (22 characters from A–Z, a–z, 0–9, _ and -)'),
});
