import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { students } from '../pupils/tables';
import { teachers } from '../teachers/tables';
import { files } from '../uploads/tables';

export const DOCUMENT_STATUSES = ['new', 'under review', 'reviewed', 'shared'] as const;

export const EXTRACTION_STATUSES = ['pending', 'done', 'failed'] as const;

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    /** 8 lowercase letters or digits; used in pupils' addresses. */
    uniqueId: text('unique_id').notNull(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    fileId: text('file_id').references(() => files.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    author: text('author').notNull(),
    status: text('status', { enum: DOCUMENT_STATUSES }).notNull().default('new'),
    extractionStatus: text('extraction_status', { enum: EXTRACTION_STATUSES })
      .notNull()
      .default('pending'),
    extractionError: text('extraction_error'),
    extractedContent: text('extracted_content'),
    /**
     * Which extractor wrote extractedContent (EXTRACTION_VERSION in extraction-job.ts):
     * older PDF text is read again in the background when the extractor improves.
     */
    extractionVersion: integer('extraction_version').notNull().default(0),
    totalPages: integer('total_pages').notNull().default(0),
    /**
     * Where each page of the pupil's file starts in extractedContent (offsets, the first 0):
     * a PDF's pages, a Word file's page breaks, a photo's one page. Text pages and feedback
     * are numbered by them. Null where the file has no pages of its own, and for text read
     * before they were kept: those are read in pages of 300 words (records/documents/pages.ts).
     */
    sourcePageStarts: jsonb('source_page_starts').$type<number[]>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    /**
     * When pupils and parents last got its feedback (shared or marked reviewed). It stays set
     * when the teacher reopens the work: what they see is the state published then.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When the teacher was told this hand-in will be purged under their retention period. */
    retentionNoticeAt: timestamp('retention_notice_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('documents_unique_id_unique').on(table.uniqueId),
    // One file, one document: a hand-in cannot be attached twice, even by racing requests.
    uniqueIndex('documents_file_unique').on(table.fileId),
    // The documents list pages newest first by (created_at, id), all or one status tab.
    index('documents_teacher_list_idx').on(table.teacherId, table.createdAt, table.id),
    index('documents_teacher_status_idx').on(
      table.teacherId,
      table.status,
      table.createdAt,
      table.id,
    ),
    index('documents_student_idx').on(table.studentId),
  ],
);

/**
 * Feedback anchored to a passage: page, character offsets within the page, the quoted
 * text and some context either side, so the highlight can be found again if the text
 * is re-extracted and the offsets drift.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['text', 'audio'] }).notNull(),
    content: text('content').notNull().default(''),
    highlightId: text('highlight_id').notNull(),
    pageNumber: integer('page_number').notNull().default(1),
    startOffset: integer('start_offset'),
    endOffset: integer('end_offset'),
    highlightedText: text('highlighted_text'),
    contextBefore: text('context_before'),
    contextAfter: text('context_after'),
    audioFileId: text('audio_file_id').references(() => files.id, { onDelete: 'set null' }),
    audioDuration: integer('audio_duration'),
    transcript: text('transcript'),
    enhancedTranscript: text('enhanced_transcript'),
    /**
     * Feedback on a region of the page as handed in (a photo, a scan) instead of a passage:
     * { page, x, y, width, height } as fractions of the page. Null for passage feedback.
     */
    region: jsonb('region').$type<{
      page: number;
      x: number;
      y: number;
      width: number;
      height: number;
    }>(),
    /** A small PNG of the region (shown in lists, put into exports); null for a passage. */
    regionCropFileId: text('region_crop_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    /**
     * Pen, highlighter and shapes drawn on the page as handed in ({ page, strokes }, points
     * in shares of the page); `region` is then the box round them. Null otherwise.
     */
    ink: jsonb('ink').$type<{
      page: number;
      strokes: { tool: string; colour: string; width: number; points: [number, number][] }[];
    }>(),
    /** Set when the document is shared or marked reviewed; until then the item is a draft. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * The comment as pupils and parents see it, copied from `content` at each share or review,
     * so a teacher's later edit is theirs only once the work is shared again. The other fields
     * they see are not editable. Null while the item is a draft.
     */
    publishedContent: text('published_content'),
    /**
     * Deleted by the teacher after it was published: gone for the teacher, still shown to
     * pupils and parents until the next share or review removes the row and its files.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('feedback_document_idx').on(table.documentId),
    // The lesson planner reads a teacher's marking of the last 14 days.
    index('feedback_teacher_created_idx').on(table.teacherId, table.createdAt),
    uniqueIndex('feedback_audio_file_unique').on(table.audioFileId),
    // A deleted file's crops are cleared through it, not by reading every comment (0026).
    index('feedback_region_crop_file_idx')
      .on(table.regionCropFileId)
      .where(sql`${table.regionCropFileId} is not null`),
  ],
);

/**
 * A number that changes whenever anything a teacher's documents list shows changes: the
 * documents, their feedback counts, their pupils' names and photos, the classroom
 * phrase. Database triggers (migration 0013) bump it in the committing transaction, so
 * no write path can forget to, whichever process makes the change. Each app instance
 * keeps recent list pages in memory under this number (documents/list-cache.ts).
 */
export const documentListVersions = pgTable('document_list_versions', {
  teacherId: integer('teacher_id')
    .primaryKey()
    .references(() => teachers.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * A document's mark or grade and short rubric ([{ criterion, level }]). The published_
 * columns are the copy pupils and parents see, taken when the document is shared or marked
 * reviewed (with its feedback), so a change is theirs only once it is shared again.
 */
export const documentMarks = pgTable(
  'document_marks',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    mark: text('mark'),
    rubric: jsonb('rubric').$type<{ criterion: string; level: string }[]>().notNull().default([]),
    publishedMark: text('published_mark'),
    publishedRubric: jsonb('published_rubric').$type<{ criterion: string; level: string }[]>(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('document_marks_teacher_idx').on(table.teacherId, table.updatedAt)],
);
