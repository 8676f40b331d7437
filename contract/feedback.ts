import { z } from 'zod';
import { recordIdSchema } from './ids';

export const MAX_FEEDBACK_LENGTH = 5_000;

import {
  INK_COLOURS,
  INK_TOOLS,
  isShape,
  MAX_INK_POINTS,
  MAX_INK_STROKES,
  MAX_INK_WIDTH,
  MAX_POINTS_PER_STROKE,
  MIN_INK_WIDTH,
} from './ink';
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

const inkPointSchema = z.tuple(
  [
    z.number().min(0, 'A drawing must stay on the page').max(1, 'A drawing must stay on the page'),
    z.number().min(0, 'A drawing must stay on the page').max(1, 'A drawing must stay on the page'),
  ],
  { error: 'A point of a drawing must be two numbers between 0 and 1' },
);

export const inkStrokeSchema = z
  .object({
    tool: z.enum(INK_TOOLS, { error: 'Choose a pen, highlighter, rectangle, ellipse or arrow' }),
    colour: z.enum(INK_COLOURS, { error: 'Choose red, blue, green, black or yellow' }),
    width: z
      .number({ error: 'A line needs a width' })
      .min(MIN_INK_WIDTH, 'The line is too thin to see')
      .max(MAX_INK_WIDTH, 'The line is too thick'),
    points: z
      .array(inkPointSchema)
      .min(2, 'A line needs at least two points')
      .max(MAX_POINTS_PER_STROKE, 'A line has too many points'),
  })
  .refine((stroke) => !isShape(stroke.tool) || stroke.points.length === 2, {
    message: 'A shape is drawn from one corner to the other: two points',
    path: ['points'],
  });

/** Pen, highlighter and shapes on one page of the pupil's file as handed in. */
export const inkSchema = z
  .object({
    page: z
      .number({ error: 'The drawing needs a page number' })
      .int('The drawing needs a whole page number')
      .min(1, 'The drawing must be on page 1 or later'),
    strokes: z
      .array(inkStrokeSchema)
      .min(1, 'The drawing is empty')
      .max(MAX_INK_STROKES, `A drawing can have at most ${MAX_INK_STROKES} lines and shapes`),
  })
  .refine(
    (ink) => ink.strokes.reduce((sum, stroke) => sum + stroke.points.length, 0) <= MAX_INK_POINTS,
    { message: 'The drawing has too many points', path: ['strokes'] },
  );
export type InkInput = z.infer<typeof inkSchema>;

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
  /** Pen, highlighter and shapes drawn on the page; `region` is then the box round them. */
  ink: inkSchema.nullable().optional(),
  /**
   * Where it stands with pupils and parents: `draft`, not shown to them yet; `shared`, shown
   * as it is; `edited`, shown with its comment as last shared until the work is shared again.
   */
  publication: z.enum(['draft', 'shared', 'edited']).optional(),
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
     * A drawing on the page instead of a passage or a region: the server works out the
     * region round it. Its comment may be left empty (the drawing says it).
     */
    ink: inkSchema.nullish(),
    /** Comments of the teacher's comment bank used in this one: each is counted as used. */
    commentBankIds: z.array(z.number().int().positive()).max(20).nullish(),
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
  .refine((value) => value.type !== 'text' || value.ink || value.content.trim().length > 0, {
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
  )
  .refine(
    (value) =>
      !value.ink ||
      (!value.region &&
        value.startOffset == null &&
        value.endOffset == null &&
        !value.highlightedText),
    { message: 'A drawing is feedback of its own: not on a passage or a region', path: ['ink'] },
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
