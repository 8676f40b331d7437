import { z } from 'zod';
import { recordIdSchema } from './ids';

export const MAX_FEEDBACK_LENGTH = 5_000;

import { MAX_REGION_CROP_BYTES, MIN_REGION_SIZE } from './region-limits';

export { MAX_REGION_CROP_BYTES, MAX_REGION_CROP_SIDE, MIN_REGION_SIZE } from './region-limits';

const fraction = (what: string) =>
  z
    .number({ error: `The region's ${what} must be a number` })
    .min(0, `The region's ${what} must be between 0 and 1 (a share of the page)`)
    .max(1, `The region's ${what} must be between 0 and 1 (a share of the page)`);

/**
 * A rectangle on a page of the pupil's file as handed in (a photo is page 1), in shares
 * of the page's width and height from its top-left corner, so it holds at any zoom.
 */
export const regionSchema = z
  .object({
    page: z
      .number({ error: 'The region needs a page number' })
      .int('The region needs a whole page number')
      .min(1, 'The region must be on page 1 or later'),
    x: fraction('left edge'),
    y: fraction('top edge'),
    width: fraction('width').min(MIN_REGION_SIZE, 'The region is too small to see'),
    height: fraction('height').min(MIN_REGION_SIZE, 'The region is too small to see'),
  })
  .refine((r) => r.x + r.width <= 1 + 1e-9, {
    message: 'The region goes past the right edge of the page',
    path: ['width'],
  })
  .refine((r) => r.y + r.height <= 1 + 1e-9, {
    message: 'The region goes past the bottom of the page',
    path: ['height'],
  });
export type Region = z.infer<typeof regionSchema>;

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
  /** Feedback on a region of the page as handed in, instead of a passage; null otherwise. */
  region: regionSchema.nullable().optional(),
  /** The small picture of the region, for the feedback list; null when there is none. */
  regionCropUrl: z.string().nullable().optional(),
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
    region: regionSchema.nullish(),
    /**
     * A region on a PDF page: the browser's PNG of it (base64, data: prefix allowed), drawn
     * from the page it shows. Photos are cropped on the server and ignore it.
     */
    regionCrop: z
      .string()
      .max(
        Math.ceil((MAX_REGION_CROP_BYTES * 4) / 3) + 64,
        'The picture of the region is too large',
      )
      .nullish(),
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
  )
  .refine(
    (value) =>
      !value.region ||
      (value.startOffset == null && value.endOffset == null && !value.highlightedText),
    { message: 'Feedback is on a region or on a passage, not both', path: ['region'] },
  );
export type CreateFeedbackRequest = z.input<typeof createFeedbackSchema>;

export const updateFeedbackSchema = z.object({
  content: z.string().max(MAX_FEEDBACK_LENGTH, 'Feedback is too long'),
});

export const feedbackIdParamsSchema = z.object({
  id: recordIdSchema('Feedback not found'),
});

export const NO_RECORDING = 'No recording was received';

/** What comes beside a recording (a form upload's fields, or the JSON body's). */
export const audioProcessFieldsSchema = z.object({
  /** What the browser's own dictation heard while recording, when the teacher turned it on. */
  transcript: z.string().max(20_000).nullish(),
});

/** The JSON body: the recording in base64 (small recordings; larger ones as a form upload). */
export const audioProcessRequestSchema = audioProcessFieldsSchema.extend({
  audioData: z.string({ error: NO_RECORDING }).min(1, NO_RECORDING),
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
