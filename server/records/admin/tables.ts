import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** The administrator's password hash when it was generated at first start (no ADMIN_PASSWORD). */
export const adminCredentials = pgTable('admin_credentials', {
  username: text('username').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});
