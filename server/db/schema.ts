import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * Every row a teacher owns carries teacher_id with ON DELETE CASCADE: deleting a
 * teacher removes everything the teacher owns, and access checks filter on it.
 * Secrets (session ids, e-mail tokens) are stored only as SHA-256 hashes.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const teachers = pgTable(
  'teachers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('teachers_email_unique').on(sql`lower(${table.email})`)],
);

export const teacherSessions = pgTable(
  'teacher_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [index('teacher_sessions_teacher_idx').on(table.teacherId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_tokens_teacher_idx').on(table.teacherId)],
);

/** The administrator's password hash when it was generated at first start (no ADMIN_PASSWORD). */
export const adminCredentials = pgTable('admin_credentials', {
  username: text('username').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

export const adminSessions = pgTable('admin_sessions', {
  idHash: text('id_hash').primaryKey(),
  username: text('username').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Every e-mail the app sends; without SMTP this is the dev outbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  teacherId: integer('teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/** Fixed-window counters for throttling (per IP address, per account, per passphrase). */
export const throttleBuckets = pgTable('throttle_buckets', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/*
 * Pupil hand-in and document review.
 */

/**
 * A teacher's classroom passphrase. The id is a random public id (not a counter): the
 * pupil pages carry it in their address, so it must be as hard to guess as the phrase.
 * A new phrase gets a new row and id; the old row is deleted, so old links stop working.
 */
export const classroomKeys = pgTable(
  'classroom_keys',
  {
    id: text('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyPhrase: text('key_phrase').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('classroom_keys_phrase_unique').on(table.keyPhrase),
    uniqueIndex('classroom_keys_teacher_unique').on(table.teacherId),
  ],
);

/** The teacher's pupil directory. Pupils handing in work are added when first seen. */
export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    surname: text('surname'),
    surnameInitials: text('surname_initials'),
    yearGroup: text('year_group'),
    grade: text('grade'),
    email: text('email'),
    notes: text('notes'),
    parentName: text('parent_name'),
    parentEmail: text('parent_email'),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
  },
  (table) => [
    index('students_teacher_idx').on(table.teacherId),
    // How a pupil without an account is recognised: first name + surname initials.
    index('students_identity_idx').on(
      table.teacherId,
      sql`lower(${table.name})`,
      table.surnameInitials,
    ),
  ],
);

/** Every stored file: uploads, audio clips. The server chooses the storage key. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** Who put it there: a pupil through the classroom key, or the teacher. */
    uploadedBy: text('uploaded_by', { enum: ['pupil', 'teacher'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('files_teacher_idx').on(table.teacherId)],
);

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
    totalPages: integer('total_pages').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('documents_unique_id_unique').on(table.uniqueId),
    // One file, one document: a hand-in cannot be attached twice, even by racing requests.
    uniqueIndex('documents_file_unique').on(table.fileId),
    index('documents_teacher_idx').on(table.teacherId, table.createdAt),
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
    /** Set when the document is shared or marked reviewed; until then the item is a draft. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('feedback_document_idx').on(table.documentId),
    uniqueIndex('feedback_audio_file_unique').on(table.audioFileId),
  ],
);

/** Expiring links to a document's feedback. Only the SHA-256 of the access key is kept. */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    studentName: text('student_name'),
    studentEmail: text('student_email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('share_links_key_unique').on(table.keyHash),
    index('share_links_document_idx').on(table.documentId),
  ],
);

/** When a shared link was opened, so the teacher can see it was read. */
export const shareLinkViews = pgTable(
  'share_link_views',
  {
    id: serial('id').primaryKey(),
    shareLinkId: integer('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('share_link_views_link_idx').on(table.shareLinkId)],
);

/**
 * Durable background jobs (text extraction now; audio and video later). A job is
 * claimed with a lease; a crash leaves the lease to expire and the job runs again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('jobs_ready_idx').on(table.status, table.runAfter)],
);
