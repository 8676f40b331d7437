import { z } from 'zod';
import { originalKindSchema } from './documents';
import { inkSchema, regionSchema } from './feedback';
import { sharedMarkSchema } from './marking';

/** An optional e-mail address: blank means none (shared by feedback and report links). */
export const optionalEmailSchema = z
  .string()
  .trim()
  .max(254)
  .refine(
    (value) => value === '' || /^[^\s@]+@[^\s@]+$/.test(value),
    'Please enter a valid email address',
  )
  .nullish();

const EXPIRY_MESSAGE = 'Expiry must be between 1 and 90 days';

const wholeDays = z
  .number({ error: EXPIRY_MESSAGE })
  .int(EXPIRY_MESSAGE)
  .min(1, EXPIRY_MESSAGE)
  .max(90, EXPIRY_MESSAGE);

/**
 * Days a shared link stays open, 1 to 90, as a JSON number: `true`, `[7]`, `"0x7"` or
 * `"7e0"` are not a number of days, whatever they would convert to.
 */
export const expiryDaysSchema = (defaultDays: number) => wholeDays.default(defaultDays);

/** The same in a form, whose select gives text: decimal digits only. */
const expiryDaysFieldSchema = (defaultDays: number) =>
  z
    .union(
      [
        wholeDays,
        z
          .string()
          .regex(/^[0-9]{1,3}$/, EXPIRY_MESSAGE)
          .transform(Number),
      ],
      {
        error: EXPIRY_MESSAGE,
      },
    )
    .pipe(wholeDays)
    .default(defaultDays);

const shareFeedbackFields = {
  studentName: z.string().trim().max(120).nullish(),
  studentEmail: optionalEmailSchema,
  sendEmail: z.boolean().default(true),
};

export const shareFeedbackSchema = z.object({
  ...shareFeedbackFields,
  expiryDays: expiryDaysSchema(7),
});

/** The share dialog's form: the same request, its expiry read from the select. */
export const shareFeedbackFormSchema = z.object({
  ...shareFeedbackFields,
  expiryDays: expiryDaysFieldSchema(7),
});
export type ShareFeedbackRequest = z.input<typeof shareFeedbackSchema>;

export const shareFeedbackResponseSchema = z.object({
  shareableLink: z.string(),
  expiresAt: z.string(),
  emailSent: z.boolean(),
});

export const shareLinkSummarySchema = z.object({
  id: z.number(),
  studentName: z.string().nullable(),
  studentEmail: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  viewCount: z.number(),
  lastViewedAt: z.string().nullable(),
});
export type ShareLinkSummary = z.infer<typeof shareLinkSummarySchema>;

export const sharedFeedbackItemSchema = z.object({
  id: z.number(),
  type: z.enum(['text', 'audio']),
  pageNumber: z.number(),
  content: z.string(),
  highlightedText: z.string().nullable(),
  startOffset: z.number().nullable(),
  endOffset: z.number().nullable(),
  audioUrl: z.string().nullable(),
  audioDuration: z.number().nullable(),
  transcript: z.string().nullable(),
  /** Feedback on a region of the page as handed in; null for a passage. */
  region: regionSchema.nullable().optional(),
  regionCropUrl: z.string().nullable().optional(),
  /** Pen, highlighter and shapes drawn on the page; null otherwise. */
  ink: inkSchema.nullable().optional(),
});
export type SharedFeedbackItem = z.infer<typeof sharedFeedbackItemSchema>;

/** What a parent or pupil holding a link sees. */
export const sharedFeedbackViewSchema = z.object({
  document: z.object({
    id: z.number(),
    uniqueId: z.string(),
    title: z.string(),
    /** The text pages (the whole text is not sent twice), as in contract/documents.ts. */
    pages: z.array(z.string()),
    /** The pupil's page number of each text page, and how many pages the file has. */
    pageNumbers: z.array(z.number()),
    pageCount: z.number(),
    author: z.string(),
    filePath: z.string().nullable(),
    /** What the page view can show of the pupil's file (see contract/documents.ts). */
    originalKind: originalKindSchema.nullable(),
    totalPages: z.number(),
    hasFeedback: z.boolean(),
  }),
  feedbackItems: z.array(sharedFeedbackItemSchema),
  /** The mark or grade and rubric as last shared; null when there is none yet. */
  mark: sharedMarkSchema.optional(),
  teacherName: z.string(),
  sharedAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type SharedFeedbackView = z.infer<typeof sharedFeedbackViewSchema>;

export const shareLinkListSchema = z.array(shareLinkSummarySchema);

/** A shared link's address (`/feedback-view/{accessKey}`): the key is the capability. */
export const accessKeyParamsSchema = z.object({
  accessKey: z
    .string()
    .max(100)
    .describe('The secret key from the shared link, as the link carries it; never guessable'),
});

export const linkRevokedSchema = z.object({ message: z.literal('Link revoked') });

/** The formats a document downloads in (`?format=`), by media type. */
export const DOWNLOAD_MEDIA_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];
