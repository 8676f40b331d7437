import { z } from 'zod';
import { feedbackItemSchema } from './feedback';
import { recordIdSchema } from './ids';
import { isStorableText, UNSTORABLE_TEXT } from './text';

export {
  DOCUMENTS_NEXT_CURSOR_HEADER,
  DOCUMENTS_TOTAL_HEADER,
  UNIQUE_ID_PATTERN,
} from './document-constants';

export const DOCUMENT_STATUSES = ['new', 'under review', 'reviewed', 'shared'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** How the page view shows the pupil's file: PDF pages, a photo, or not (Word). */
export const originalKindSchema = z.enum(['pdf', 'image', 'word']);
export type OriginalKind = z.infer<typeof originalKindSchema>;

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
  originalKind: originalKindSchema.nullable(),
  classroomPhrase: z.string().nullable(),
  documentPath: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * When pupils and parents last got its feedback (shared or marked reviewed); null if never.
   * Reopened work keeps it: they see that state until it is published again.
   */
  publishedAt: z.string().nullable(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** GET /api/documents/{id} and /api/documents/id/{uniqueId}: the document with its feedback. */
export const documentDetailSchema = documentSummarySchema.extend({
  feedback: z.array(feedbackItemSchema),
});
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

export const documentExtractSchema = z.object({
  /** The text pages: the file's own pages (a long one in parts), else 300 words each. */
  pages: z.array(z.string()),
  /** The pupil's page number of each text page (contract/pupil-pages.ts labels them). */
  pageNumbers: z.array(z.number()),
  /** How many pages the pupil's file has (the text pages' count where it has none). */
  pageCount: z.number(),
  totalPages: z.number(),
  extractedContent: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  error: z.string().nullable(),
});
export type DocumentExtract = z.infer<typeof documentExtractSchema>;

export const documentIdParamsSchema = z.object({
  id: recordIdSchema('Document not found'),
});

/** 6 to 8 lowercase letters or digits: looked up by unique id, otherwise by numeric id. */

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

/**
 * The documents list is read a page at a time, newest first. The answer stays a plain
 * list of documents; the total and the cursor of the next page travel in the
 * headers below, so a client that ignores them still reads a valid list.
 */
export const DOCUMENTS_PAGE_SIZE = 50;
export const DOCUMENTS_MAX_PAGE_SIZE = 100;
export const DOCUMENT_LIST_TABS = ['all', 'new', 'under-review', 'reviewed'] as const;
export type DocumentListTab = (typeof DOCUMENT_LIST_TABS)[number];

export const documentListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(DOCUMENTS_MAX_PAGE_SIZE, `limit must be at most ${DOCUMENTS_MAX_PAGE_SIZE}`)
    .default(DOCUMENTS_PAGE_SIZE),
  cursor: z.string().max(100, 'Invalid cursor').optional(),
  tab: z.enum(DOCUMENT_LIST_TABS, { error: 'Unknown tab' }).default('all'),
  /** A case-insensitive substring of the title or of the pupil's full name. */
  q: z
    .string()
    .max(200, 'Search must be at most 200 characters')
    .refine(isStorableText, UNSTORABLE_TEXT)
    .optional(),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentListSchema = z.array(documentSummarySchema);
export const documentDeletedSchema = z.object({ message: z.literal('Document deleted') });

/** /api/documents/id/{uniqueId}: the document's short code, as in a pupil's address. */
export const documentUniqueIdParamsSchema = z.object({
  uniqueId: z.string().describe('The document’s code, 6–8 lower-case letters or digits'),
});
