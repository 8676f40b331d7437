import { z } from 'zod';
import { feedbackItemSchema } from './feedback';

export const DOCUMENT_STATUSES = ['new', 'under review', 'reviewed', 'shared'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const documentSummarySchema = z.object({
  id: z.number(),
  uniqueId: z.string(),
  title: z.string(),
  author: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  studentId: z.number().nullable(),
  /** The pupil's name as shown: first name and surname, or the initials they gave. */
  studentName: z.string().nullable(),
  student: z
    .object({
      id: z.number(),
      name: z.string(),
      surname: z.string().nullable(),
      imageUrl: z.string().nullable(),
    })
    .nullable(),
  extractionStatus: z.enum(['pending', 'done', 'failed']),
  extractionError: z.string().nullable(),
  totalPages: z.number(),
  feedbackCount: z.number(),
  filePath: z.string().nullable(),
  fileName: z.string().nullable(),
  classroomPhrase: z.string().nullable(),
  documentPath: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** One document as GET /api/documents/{id} answers: the summary and its feedback items. */
export const documentDetailSchema = documentSummarySchema.extend({
  feedback: z.array(feedbackItemSchema),
});
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

export const documentExtractSchema = z.object({
  pages: z.array(z.string()),
  totalPages: z.number(),
  extractedContent: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  error: z.string().nullable(),
});
export type DocumentExtract = z.infer<typeof documentExtractSchema>;

export const documentIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Document not found' })
    .int('Document not found')
    .positive('Document not found')
    .max(2_147_483_647, 'Document not found'),
});

/** 6 to 8 lowercase letters or digits: looked up by unique id, otherwise by numeric id. */
export const UNIQUE_ID_PATTERN = /^[a-z0-9]{6,8}$/;

export const createDocumentSchema = z.object({
  title: z
    .string({ error: 'Assignment title is required' })
    .trim()
    .min(1, 'Assignment title is required')
    .max(200, 'Assignment title must be at most 200 characters'),
  fileUrl: z
    .string({ error: 'Please upload your file' })
    .min(1, 'Please upload your file')
    .max(300),
  studentId: z.number().int().positive().nullish(),
  author: z.string().trim().max(120).nullish(),
});

export const updateDocumentSchema = z
  .object({
    title: z.string().trim().min(1, 'Assignment title is required').max(200).optional(),
    status: z.enum(DOCUMENT_STATUSES, { error: 'Unknown status' }).optional(),
    studentId: z.number().int().positive().nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' });
