import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** The administrator's password hash when it was generated at first start (no ADMIN_PASSWORD). */
export const adminCredentials = pgTable('admin_credentials', {
  username: text('username').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

/** A signed-in administrator: only the SHA-256 of the cookie's random id is kept. */
export const adminSessions = pgTable('admin_sessions', {
  idHash: text('id_hash').primaryKey(),
  username: text('username').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
