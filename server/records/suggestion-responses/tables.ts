import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { teachers } from '../teachers/tables';

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
