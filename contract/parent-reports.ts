import { z } from 'zod';
import { idInAddress } from './addresses';
import { MAX_SPOKEN_TEXT_CHARS, RENDER_STATUSES, VOICE_SOURCES } from './avatar-video';
import { recordIdSchema } from './ids';
import { MISSING_INFORMATION } from './report-templates';
import { expiryDaysSchema, optionalEmailSchema } from './sharing';
import { isStorableText, UNSTORABLE_TEXT } from './text';

/*
 * Parent reports: a spoken note about a pupil,
 * enhanced, turned into an avatar video and shared with the parent.
 */

export const REPORT_STATUSES = ['draft', 'sent'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export { MISSING_INFORMATION } from './report-templates';
export const MAX_SUBJECTS_LENGTH = 300;
export const MAX_REPORT_LENGTH = 20_000;

/**
 * The report's video as it stands: being made, made, or failed (with the reason). The
 * render holds the report's recording, so a report keeps it whatever became of the video.
 */
export const reportVideoSchema = z.object({
  renderId: z.string(),
  status: z.enum(RENDER_STATUSES),
  progress: z.number(),
  voiceSource: z.enum(VOICE_SOURCES),
  error: z.string().nullable(),
  /** The report's text was changed after the video was made: its captions show older words. */
  textChanged: z.boolean(),
});
export type ReportVideo = z.infer<typeof reportVideoSchema>;

export const parentReportSchema = z.object({
  id: z.number(),
  studentId: z.number().nullable(),
  /** The pupil's name as the teacher's directory has it, or "Unknown Student". */
  studentName: z.string(),
  subjects: z.string(),
  /** The enhanced transcript the teacher approved. */
  content: z.string(),
  transcript: z.string(),
  templateId: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  /** The row's date: sent for sent reports, last edited otherwise. */
  date: z.string(),
  /** The finished video only; null while it is being made, when it failed, or without one. */
  videoUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  /** The video being made, made or failed; null when none was ever started. */
  video: reportVideoSchema.nullable(),
  /** The teacher's own recording kept with the report; null for a typed report. */
  recordingUrl: z.string().nullable(),
  /** The teacher's avatar photo when the video shows one. */
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ParentReport = z.infer<typeof parentReportSchema>;

const subjects = z
  .string({ error: MISSING_INFORMATION })
  .max(MAX_SUBJECTS_LENGTH, 'Subjects are too long')
  .refine((value) => value.trim().length > 0, MISSING_INFORMATION)
  .refine(isStorableText, UNSTORABLE_TEXT);

const content = z
  .string({ error: 'The report has no text yet' })
  .max(MAX_REPORT_LENGTH, 'The report is too long')
  .refine((value) => value.trim().length > 0, 'The report has no text yet')
  .refine(isStorableText, UNSTORABLE_TEXT);

/** A video this server rendered: /api/videos/{id}. */
const videoUrl = z
  .string()
  .refine((url) => idInAddress('video', url) !== null, 'This video was not made here')
  .nullish();

/** A recording this server stored for the teacher (the answer of /api/audio/process). */
const recordingUrl = z
  .string()
  .refine((url) => idInAddress('audio', url) !== null, 'This recording was not made here')
  .nullish();

export const createParentReportSchema = z.object({
  studentId: z
    .number({ error: MISSING_INFORMATION })
    .int(MISSING_INFORMATION)
    .positive(MISSING_INFORMATION)
    .max(2_147_483_647, MISSING_INFORMATION),
  subjects,
  content,
  transcript: z
    .string()
    .max(MAX_REPORT_LENGTH, 'The transcript is too long')
    .refine(isStorableText, UNSTORABLE_TEXT)
    .default(''),
  templateId: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .nullish(),
  /** Reports are created as drafts; sharing sends them. */
  status: z.literal('draft', { error: 'A new report is saved as a draft' }).default('draft'),
  videoUrl,
  /** Kept with the draft; without a video, the video is made from it after the save. */
  recordingUrl,
});
export type CreateParentReportRequest = z.input<typeof createParentReportSchema>;

/** An edit of a draft, or `{ status: "sent" }` (the share call). */
export const updateParentReportSchema = z
  .object({
    studentId: createParentReportSchema.shape.studentId.optional(),
    subjects: subjects.optional(),
    content: content.optional(),
    transcript: z
      .string()
      .max(MAX_REPORT_LENGTH, 'The transcript is too long')
      .refine(isStorableText, UNSTORABLE_TEXT)
      .optional(),
    videoUrl,
    recordingUrl,
    status: z.enum(REPORT_STATUSES, { error: 'Status must be draft or sent' }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateParentReportRequest = z.input<typeof updateParentReportSchema>;

/**
 * Make (or make again) a saved draft's video. Without a voice: the teacher's recording
 * when the report has one, else the synthesized voice of their voice profile.
 */
export const makeReportVideoSchema = z
  .object({
    voice: z
      .enum(VOICE_SOURCES, { error: "Choose the voice: 'recording' or 'synthesized'" })
      .optional(),
  })
  .default({});
export type MakeReportVideoRequest = z.input<typeof makeReportVideoSchema>;
export { MAX_SPOKEN_TEXT_CHARS };

export const shareReportSchema = z.object({
  recipientName: z
    .string()
    .trim()
    .max(120, 'The name is too long')
    .refine(isStorableText, UNSTORABLE_TEXT)
    .nullish(),
  /** Defaults to the parent e-mail in the pupil directory. */
  recipientEmail: optionalEmailSchema,
  expiryDays: expiryDaysSchema(14),
  sendEmail: z.boolean().default(true),
});
export type ShareReportRequest = z.input<typeof shareReportSchema>;

export const shareReportResponseSchema = z.object({
  shareableLink: z.string(),
  expiresAt: z.string(),
  emailSent: z.boolean(),
  recipientEmail: z.string().nullable(),
});
export type ShareReportResponse = z.infer<typeof shareReportResponseSchema>;

export const reportLinkSummarySchema = z.object({
  id: z.number(),
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  viewCount: z.number(),
  lastViewedAt: z.string().nullable(),
});
export type ReportLinkSummary = z.infer<typeof reportLinkSummarySchema>;

/** What the parent's page (/shared/{key}) shows, and nothing else. */
export const sharedReportSchema = z.object({
  teacherName: z.string(),
  pupilFirstName: z.string(),
  subjects: z.string(),
  content: z.string(),
  /** The finished video only: a report without one is its text. */
  videoUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  /** Whose voice the video speaks with: the teacher's recording, or a synthesized voice. */
  videoVoice: z.enum(VOICE_SOURCES).nullable(),
  sharedAt: z.string(),
  /** Always true for a video: the page says the video was made by AI. */
  aiGenerated: z.boolean(),
});
export type SharedReport = z.infer<typeof sharedReportSchema>;

export const reportIdParamsSchema = z.object({
  id: recordIdSchema(),
});

export const REPORT_NOT_FOUND = 'Report not found';
export const INVALID_REPORT_LINK = 'This report link may have expired or does not exist.';

export const parentReportListSchema = z.array(parentReportSchema);
export const reportLinkListSchema = z.array(reportLinkSummarySchema);
export const reportDeletedSchema = z.object({ message: z.literal('Report deleted') });
export const reportLinkRevokedSchema = z.object({ message: z.literal('Link revoked') });

/** The parent's page address (`/shared/{key}`): the key is the capability. */
export const sharedReportParamsSchema = z.object({
  key: z
    .string()
    .max(100)
    .describe('The secret key from the report link (43 characters); never guessable'),
});
