import { sql } from 'drizzle-orm';
import {
  index,
  integer,
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
