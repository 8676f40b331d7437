import { z } from 'zod';
import { recordIdSchema } from './ids';

export const MAX_FEEDBACK_LENGTH = 5_000;

export const feedbackItemSchema = z.object({
  id: z.number(),
  documentId: z.number(),
  type: z.enum(['text', 'audio']),
  content: z.string(),
  highlightId: z.string(),
  pageNumber: z.number(),
  startOffset: z.number().nullable(),
  endOffset: z.number().nullable(),
  highlightedText: z.string().nullable(),
  audioUrl: z.string().nullable(),
  audioDuration: z.number().nullable(),
  transcript: z.string().nullable(),
  enhancedTranscript: z.string().nullable(),
  timestamp: z.string(),
  /**
   * How surely the passage was found in the text as it is now (set when listing): the
   * text may have been read again since. Null for feedback on no passage.
   */
  anchorStatus: z.enum(['exact', 'approximate', 'missing']).nullable().optional(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const createFeedbackSchema = z
  .object({
    type: z.enum(['text', 'audio'], { error: 'Feedback type must be text or audio' }),
    content: z.string().max(MAX_FEEDBACK_LENGTH, 'Feedback is too long').default(''),
    highlightId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    pageNumber: z.number().int().min(1).default(1),
    startOffset: z.number().int().min(0).nullish(),
    endOffset: z.number().int().min(0).nullish(),
    highlightedText: z.string().max(5_000).nullish(),
    audioUrl: z.string().max(300).nullish(),
    audioDuration: z.number().min(0).max(600).nullish(),
    transcript: z.string().max(20_000).nullish(),
    enhancedTranscript: z.string().max(20_000).nullish(),
  })
  .refine((value) => value.type !== 'text' || value.content.trim().length > 0, {
    message: 'Feedback text is required',
    path: ['content'],
  })
  .refine((value) => value.type !== 'audio' || Boolean(value.audioUrl), {
    message: 'Audio feedback needs a recording',
    path: ['audioUrl'],
  })
  .refine(
    (value) =>
      value.startOffset == null || value.endOffset == null || value.endOffset > value.startOffset,
    { message: 'The selection is empty', path: ['endOffset'] },
  );
export type CreateFeedbackRequest = z.input<typeof createFeedbackSchema>;

export const updateFeedbackSchema = z.object({
  content: z.string().max(MAX_FEEDBACK_LENGTH, 'Feedback is too long'),
});

export const feedbackIdParamsSchema = z.object({
  id: recordIdSchema('Feedback not found'),
});

export const audioProcessRequestSchema = z.object({
  audioData: z.string({ error: 'No recording was received' }).min(1, 'No recording was received'),
  /** What the browser's own dictation heard while recording, when the teacher turned it on. */
  transcript: z.string().max(20_000).nullish(),
});

export const audioProcessResponseSchema = z.object({
  audioUrl: z.string(),
  duration: z.number(),
  transcript: z.string(),
  enhancedTranscript: z.string(),
});
export type AudioProcessResponse = z.infer<typeof audioProcessResponseSchema>;

/** A recording's address: an unguessable 22-character id, which is the capability. */
export const audioFileParamsSchema = z.object({
  fileId: z
    .string()
    .describe('The recording’s unguessable id (22 characters from A–Z, a–z, 0–9, _ and -)'),
});

export const feedbackListSchema = z.array(feedbackItemSchema);
export const feedbackDeletedSchema = z.object({ message: z.literal('Feedback deleted') });
