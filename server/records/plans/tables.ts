import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { teachers } from '../teachers/tables';

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
