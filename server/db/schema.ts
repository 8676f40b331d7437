import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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

export const LINK_KINDS = ['feedback', 'report'] as const;

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
  (table) => [
    uniqueIndex('teachers_email_unique').on(sql`lower(${table.email})`),
    // The administrator's list of teachers, newest first.
    index('teachers_created_idx').on(table.createdAt, table.id),
  ],
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
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Delivery attempts so far (each a `deliver-mail` job run); the last one's error. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Set when delivery was given up (a refusal by the relay, or a day of failures). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  // Every foreign key has an index on its column (migration 0026): deleting the row it
  // points at finds the rows to cascade or clear through it, not by reading the table.
  (table) => [index('mail_outbox_teacher_idx').on(table.teacherId)],
);

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
    /**
     * Personal code (6 characters) asked by "View Marked Work" when the teacher turns on
     * marked-work protection; set at the pupil's first hand-in or when the teacher adds them.
     */
    pupilCode: text('pupil_code'),
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
 * A number that changes whenever anything a teacher's shared feedback views show changes:
 * the documents and their feedback and marks, the links (made, revoked, deleted), the
 * teacher's name, the pupils' files. Triggers (migration 0025) bump it in the committing
 * transaction; each app instance answers a parent's link from memory while it is unchanged
 * (records/sharing/view-cache.ts). Link views are kept elsewhere and do not bump it.
 */
export const sharedViewVersions = pgTable('shared_view_versions', {
  teacherId: integer('teacher_id')
    .primaryKey()
    .references(() => teachers.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

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
    /**
     * A fresh token per claim: the worker renews, finishes or hands back only its own
     * claim, so a worker that lost its lease cannot overwrite the claim of the one that
     * took the job over.
     */
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    /**
     * Whose work this is (e.g. a teacher's renders), for taking turns: of the jobs ready,
     * the one whose owner has least running, then was served longest ago, goes first.
     */
    fairKey: text('fair_key'),
    /**
     * Failures in a row that said "not now" (the database or the file store away): retried
     * with back-off without counting as attempts, from retryingSince for up to an hour.
     */
    transientFailures: integer('transient_failures').notNull().default(0),
    retryingSince: timestamp('retrying_since', { withTimezone: true }),
    /** The id of the request that queued the job (the proxy's X-Request-Id), for its logs. */
    requestId: text('request_id'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_ready_idx').on(table.status, table.runAfter),
    index('jobs_fair_key_idx').on(table.fairKey, table.status, table.finishedAt),
  ],
);

/**
 * Periodic work (digests, reminders, retention, housekeeping...): one row per task. The
 * process that claims a due row (FOR UPDATE SKIP LOCKED) moves next_run_at on and queues
 * the task as a job in the same transaction, so it runs once per period however many
 * processes tick.
 */
export const schedules = pgTable('schedules', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  lastQueuedAt: timestamp('last_queued_at', { withTimezone: true }),
});

/*
 * Voice and avatar profiles, and rendered avatar videos (parent reports).
 * A profile is made only with the teacher's recorded consent (consent_at): it is their
 * own voice or face, used for reports to parents.
 */

export const PROFILE_ENGINES = ['builtin', 'provider'] as const;

/**
 * A teacher's voice. The built-in engine keeps settings measured from the sample
 * (median pitch, speaking rate) for the offline synthesizer; a voice-cloning provider
 * keeps its own voice id. voice_id is public (it names the profile in addresses).
 */
export const voiceProfiles = pgTable(
  'voice_profiles',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    sampleFileId: text('sample_file_id').references(() => files.id, { onDelete: 'set null' }),
    voiceId: text('voice_id').notNull(),
    engine: text('engine', { enum: PROFILE_ENGINES }).notNull().default('builtin'),
    /** VoiceSettings (server/ai/media-types.ts) for the built-in synthesizer. */
    settings: jsonb('settings'),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('voice_profiles_teacher_idx').on(table.teacherId),
    uniqueIndex('voice_profiles_voice_id_unique').on(table.voiceId),
    index('voice_profiles_sample_file_idx')
      .on(table.sampleFileId)
      .where(sql`${table.sampleFileId} is not null`),
  ],
);

export const AVATAR_STATUSES = ['processing', 'ready', 'failed'] as const;

/**
 * A teacher's avatar: a photo (and optionally a video sample). avatar_id is set once the
 * face has been found and its geometry stored (status ready); until then the profile is
 * "Processing" and cannot be deleted from the page.
 */
export const avatarProfiles = pgTable(
  'avatar_profiles',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageFileId: text('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    videoFileId: text('video_file_id').references(() => files.id, { onDelete: 'set null' }),
    avatarId: text('avatar_id'),
    engine: text('engine', { enum: PROFILE_ENGINES }).notNull().default('builtin'),
    status: text('status', { enum: AVATAR_STATUSES }).notNull().default('processing'),
    error: text('error'),
    /** FaceGeometry (server/ai/media-types.ts), in the stored photo's pixels. */
    face: jsonb('face'),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('avatar_profiles_teacher_idx').on(table.teacherId),
    uniqueIndex('avatar_profiles_avatar_id_unique').on(table.avatarId),
    index('avatar_profiles_image_file_idx')
      .on(table.imageFileId)
      .where(sql`${table.imageFileId} is not null`),
    index('avatar_profiles_video_file_idx')
      .on(table.videoFileId)
      .where(sql`${table.videoFileId} is not null`),
  ],
);

export const RENDER_STATUSES = ['queued', 'rendering', 'done', 'failed'] as const;

/**
 * One avatar video being rendered (a durable job) or rendered. The id is random and
 * public: the video's address carries it. Progress is in percent for the page.
 */
export const videoRenders = pgTable(
  'video_renders',
  {
    id: text('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RENDER_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** Which engine made it: 'builtin' or the provider's name, so the page can say so. */
    engine: text('engine'),
    voiceSource: text('voice_source', { enum: ['recording', 'synthesized'] })
      .notNull()
      .default('recording'),
    audioFileId: text('audio_file_id').references(() => files.id, { onDelete: 'set null' }),
    videoFileId: text('video_file_id').references(() => files.id, { onDelete: 'set null' }),
    avatarProfileId: integer('avatar_profile_id').references(() => avatarProfiles.id, {
      onDelete: 'set null',
    }),
    voiceProfileId: integer('voice_profile_id').references(() => voiceProfiles.id, {
      onDelete: 'set null',
    }),
    transcript: text('transcript').notNull().default(''),
    enhancedTranscript: text('enhanced_transcript').notNull().default(''),
    /** WebVTT captions from the enhanced transcript, timed to the speech. */
    captions: text('captions'),
    durationMs: integer('duration_ms'),
    /**
     * What the video's sound left out of the teacher's recording: the words the enhancer
     * dropped and the long pauses, cut (the recording itself, audioFileId, is kept as it
     * was). aligned false: the transcript did not fit the recording, used as it is. Null
     * for a synthesized voice and for renders made before cleaning.
     */
    voiceCleaning: jsonb('voice_cleaning').$type<{
      aligned: boolean;
      originalDurationMs: number;
      cleanedDurationMs: number;
      removedWords: string[];
      pausesMs: number;
    }>(),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('video_renders_teacher_idx').on(table.teacherId, table.createdAt),
    // The references a deleted file or profile clears (0026).
    index('video_renders_audio_file_idx')
      .on(table.audioFileId)
      .where(sql`${table.audioFileId} is not null`),
    index('video_renders_video_file_idx')
      .on(table.videoFileId)
      .where(sql`${table.videoFileId} is not null`),
    index('video_renders_avatar_profile_idx')
      .on(table.avatarProfileId)
      .where(sql`${table.avatarProfileId} is not null`),
    index('video_renders_voice_profile_idx')
      .on(table.voiceProfileId)
      .where(sql`${table.voiceProfileId} is not null`),
  ],
);

/*
 * Lesson planning: a teacher's weekly plans and their lessons (Monday to Friday).
 */

export const LESSON_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
export const LESSON_COLORS = ['blue', 'green', 'purple', 'yellow', 'red'] as const;

export const lessonPlans = pgTable(
  'lesson_plans',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Free text as the teacher typed it ("Week of 23 Nov"). */
    dateRange: text('date_range').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lesson_plans_teacher_idx').on(table.teacherId, table.createdAt, table.id)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => lessonPlans.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Free text ("9:00 - 9:45 AM"); kept as typed even when it cannot be read as times. */
    timeSlot: text('time_slot').notNull(),
    day: text('day', { enum: LESSON_DAYS }).notNull(),
    color: text('color', { enum: LESSON_COLORS }).notNull().default('blue'),
    /** Set on lessons added from a suggestion, so applying it twice adds nothing twice. */
    suggestionKey: text('suggestion_key'),
    /** The class it is taught to ("9Y1", "Year 4"); null when the teacher gave none. */
    className: text('class_name'),
    /** Taught every week: a new plan starts with a copy of it. */
    recurring: boolean('recurring').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lessons_plan_idx').on(table.planId, table.day),
    index('lessons_teacher_idx').on(table.teacherId),
    uniqueIndex('lessons_plan_suggestion_unique').on(table.planId, table.suggestionKey),
  ],
);

/*
 * A teacher's answer to a planner suggestion ("No Thanks" = not-now, or "wrong"), kept
 * with the evidence it rested on so the same evidence does not bring it back.
 */
export const suggestionResponses = pgTable(
  'suggestion_responses',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    response: text('response', { enum: ['not-now', 'wrong'] }).notNull(),
    suggestionKey: text('suggestion_key').notNull(),
    topicId: text('topic_id'),
    className: text('class_name'),
    /** The feedback items it counted; ids only, read back to match new evidence. */
    feedbackIds: jsonb('feedback_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [index('suggestion_responses_teacher_idx').on(table.teacherId, table.createdAt)],
);

/*
 * Parent reports: a teacher's spoken note about a pupil, cleaned up, with its avatar
 * video, shared with the parent through an expiring link (same rules as feedback links).
 */

export const REPORT_STATUSES = ['draft', 'sent'] as const;

export const parentReports = pgTable(
  'parent_reports',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    subjects: text('subjects').notNull(),
    /** The enhanced transcript the teacher approved: what the parent reads. */
    content: text('content').notNull(),
    /** What was said, before enhancement. */
    transcript: text('transcript').notNull().default(''),
    templateId: text('template_id'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('draft'),
    videoRenderId: text('video_render_id').references(() => videoRenders.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('parent_reports_teacher_idx').on(table.teacherId, table.updatedAt, table.id),
    index('parent_reports_student_idx').on(table.studentId),
    index('parent_reports_video_render_idx')
      .on(table.videoRenderId)
      .where(sql`${table.videoRenderId} is not null`),
  ],
);

/**
 * Capability links: an expiring address that opens one document's shared feedback
 * (/feedback-view/{key}) or one parent report (/shared/{key}) without an account. Only the
 * SHA-256 of the key is kept. A link goes with what it opens (cascade), and its views with it.
 */
export const links = pgTable(
  'links',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LINK_KINDS }).notNull(),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    reportId: integer('report_id').references(() => parentReports.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    /** Who it was sent to, as the teacher typed it (the pupil's or the parent's name). */
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('links_key_unique').on(table.keyHash),
    index('links_document_idx').on(table.documentId, table.createdAt, table.id),
    index('links_report_idx').on(table.reportId, table.createdAt, table.id),
    // The dashboard's Recent Activity reads a teacher's newest links.
    index('links_teacher_idx').on(table.teacherId, table.createdAt),
    // A link opens exactly one thing, of its kind.
    check(
      'links_one_subject',
      sql`(${table.kind} = 'feedback' and ${table.documentId} is not null and ${table.reportId} is null) or (${table.kind} = 'report' and ${table.reportId} is not null and ${table.documentId} is null)`,
    ),
  ],
);

/** When a link was opened, so the teacher can see it was read. */
export const linkViews = pgTable(
  'link_views',
  {
    id: serial('id').primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('link_views_link_idx').on(table.linkId, table.viewedAt)],
);

/**
 * Settings and onboarding kept on the server, one row per teacher, so they follow the
 * teacher to another browser. Both columns are JSON read through contract/settings.ts,
 * which fills in the defaults: a new setting needs no migration, and a missing row means
 * every default.
 */
export const teacherSettings = pgTable('teacher_settings', {
  teacherId: integer('teacher_id')
    .primaryKey()
    .references(() => teachers.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').notNull().default({}),
  onboarding: jsonb('onboarding').notNull().default({}),
  /** Hand-in notices are batched: at most one e-mail per 15 minutes. */
  lastHandInNoticeAt: timestamp('last_hand_in_notice_at', { withTimezone: true }),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  /** The Friday reminder about next week's lesson plan: at most one per week. */
  lastPlanReminderAt: timestamp('last_plan_reminder_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A teacher's comment bank: comments kept to use again, most used first. `uses` counts the
 * saved feedback items that used one (not insertions later cancelled).
 */
export const bankComments = pgTable(
  'bank_comments',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    uses: integer('uses').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // One copy of a comment per bank; hashed, as a comment may be longer than an index entry.
    uniqueIndex('bank_comments_teacher_text_unique').on(table.teacherId, sql`md5(${table.text})`),
  ],
);

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
