import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { documents } from '../documents/tables';
import { parentReports } from '../reports/tables';
import { teachers } from '../teachers/tables';

export const LINK_KINDS = ['feedback', 'report'] as const;

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
