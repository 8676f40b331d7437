import { z } from 'zod';
import { MAX_SPOKEN_TEXT_CHARS } from './recording-limits';

export { MAX_SPOKEN_TEXT_CHARS };

export const VOICE_SOURCES = ['recording', 'synthesized'] as const;
export const RENDER_STATUSES = ['queued', 'rendering', 'done', 'failed'] as const;

/** What comes beside the recording (a form upload's fields, or the JSON body's). */
const generateVideoFields = z.object({
  /** The browser's dictation or the teacher's typed text. */
  transcript: z.string().max(20_000, 'The transcript is too long').nullish(),
  /** The text as the teacher edited it; enhanced from the transcript when absent. */
  enhancedTranscript: z.string().max(20_000, 'The transcript is too long').nullish(),
  voice: z
    .enum(VOICE_SOURCES, { error: "Choose the voice: 'recording' or 'synthesized'" })
    .default('recording'),
});

function checkGenerateVideo(
  input: z.output<typeof generateVideoFields>,
  hasRecording: boolean,
  issues: z.RefinementCtx,
) {
  if (input.voice === 'recording' && !hasRecording) {
    issues.addIssue({ code: 'custom', path: ['audioData'], message: 'No recording was received' });
  }
  const spoken = (input.enhancedTranscript ?? input.transcript ?? '').trim();
  if (input.voice === 'synthesized' && !hasRecording && !spoken) {
    issues.addIssue({
      code: 'custom',
      path: ['transcript'],
      message: 'Type what the video should say',
    });
  }
  if (input.voice === 'synthesized' && spoken.length > MAX_SPOKEN_TEXT_CHARS) {
    issues.addIssue({
      code: 'custom',
      path: ['enhancedTranscript'],
      message: `The text is too long to speak: at most ${MAX_SPOKEN_TEXT_CHARS} characters (about two minutes).`,
    });
  }
}

/** A form upload's fields; the recording is its file part (`audio`), when there is one. */
export const generateVideoFieldsSchema = (hasRecording: boolean) =>
  generateVideoFields.superRefine((input, issues) =>
    checkGenerateVideo(input, hasRecording, issues),
  );

/** The JSON body: the recording in base64 (small recordings; larger ones as a form upload). */
export const generateVideoRequestSchema = generateVideoFields
  .extend({
    /** The teacher's recording, base64 or a data URL; required for voice 'recording'. */
    audioData: z.string().min(1, 'No recording was received').nullish(),
  })
  .superRefine((input, issues) => checkGenerateVideo(input, Boolean(input.audioData), issues));
export type GenerateVideoRequest = z.input<typeof generateVideoRequestSchema>;

/**
 * What a video made from the teacher's recording left out of it: the words the enhancer
 * dropped (fillers, repeated words, false starts) and long pauses. The recording itself is
 * kept as it was.
 */
export const voiceCleaningSchema = z.object({
  /** False: the transcript could not be lined up with the recording, which is used as it is. */
  aligned: z.boolean(),
  originalDurationMs: z.number(),
  cleanedDurationMs: z.number(),
  /** The words cut, as said, in order. */
  removedWords: z.array(z.string()),
  /** Time taken out of pauses: long ones shortened, and the pause beside a cut word. */
  pausesMs: z.number(),
});
export type VoiceCleaning = z.infer<typeof voiceCleaningSchema>;

export const videoStatusSchema = z.object({
  renderId: z.string(),
  status: z.enum(RENDER_STATUSES),
  progress: z.number(),
  /** 'builtin' or the provider that made it. */
  engine: z.string().nullable(),
  voiceSource: z.enum(VOICE_SOURCES),
  error: z.string().nullable(),
  durationMs: z.number().nullable(),
  /** A finished video from the teacher's recording: what its sound left out. Else null. */
  cleaning: voiceCleaningSchema.nullable(),
  videoUrl: z.string(),
  captionsUrl: z.string(),
});
export type VideoStatus = z.infer<typeof videoStatusSchema>;

export const generateVideoResponseSchema = videoStatusSchema.extend({
  transcript: z.string(),
  enhancedTranscript: z.string(),
});
export type GenerateVideoResponse = z.infer<typeof generateVideoResponseSchema>;

/** A render's address: an unguessable id (for the video and captions, the permission). */
export const renderIdParamsSchema = z.object({
  id: z.string().describe('The render’s unguessable id, from `generate-video`'),
});
