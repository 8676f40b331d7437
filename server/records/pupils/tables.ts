import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { teachers } from '../teachers/tables';

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
