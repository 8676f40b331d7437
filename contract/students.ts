import { z } from 'zod';
import { GRADES } from './grades';
import { YEAR_GROUPS } from './pupil-portal';
import type { SchoolYear } from './settings-defaults';
import { isStorableText, UNSTORABLE_TEXT } from './text';

export { GRADES, gradeLabel } from './grades';
export { YEAR_GROUPS };

export const STUDENT_MESSAGES = {
  nameRequired: 'Name is required',
  gradeRequired: 'Grade is required',
  gradeInvalid: 'Grade must be K or 1 to 12',
  yearGroupRequired: 'Year group is required',
  yearGroupInvalid: 'Choose a year group from the list',
  invalidEmail: 'Please enter a valid email address',
  notFound: 'Student not found',
  mergeSelf: 'Choose another record to merge with',
} as const;

const storable = (schema: z.ZodString) => schema.refine(isStorableText, UNSTORABLE_TEXT);

/** Optional text: blank or missing means none (null). Kept as typed apart from that. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isStorableText, UNSTORABLE_TEXT)
    .nullish()
    .transform((value) => (value?.trim() ? value : null));

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .refine(isStorableText, UNSTORABLE_TEXT)
    .nullish()
    .transform((value) => (value ? value : null));

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Email address is too long')
  .refine(
    (value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
    STUDENT_MESSAGES.invalidEmail,
  )
  .nullish()
  .transform((value) => (value ? value : null));

/** The Add Student and Edit Pupil forms (name and grade required). */
export const studentInputSchema = z.object({
  name: storable(
    z
      .string({ error: STUDENT_MESSAGES.nameRequired })
      .trim()
      .min(1, STUDENT_MESSAGES.nameRequired)
      .max(100, 'Name must be at most 100 characters'),
  ),
  surname: optionalName('Surname'),
  grade: z.enum(GRADES, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? STUDENT_MESSAGES.gradeRequired
        : STUDENT_MESSAGES.gradeInvalid,
  }),
  yearGroup: z
    .enum(YEAR_GROUPS, { error: STUDENT_MESSAGES.yearGroupInvalid })
    .nullish()
    .transform((value) => value ?? null),
  email: optionalEmail,
  notes: optionalText(2000, 'Notes'),
  parentName: optionalName('Parent name'),
  parentEmail: optionalEmail,
});
export type StudentInput = z.input<typeof studentInputSchema>;

/**
 * The same form where the school counts years by year group (Settings > General): the year
 * group is the required field and the grade is not asked (blank or missing: none).
 */
export const studentInputByYearGroupSchema = studentInputSchema.extend({
  grade: z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .enum(GRADES, { error: STUDENT_MESSAGES.gradeInvalid })
      .nullish()
      .transform((value) => value ?? null),
  ),
  yearGroup: z.enum(YEAR_GROUPS, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? STUDENT_MESSAGES.yearGroupRequired
        : STUDENT_MESSAGES.yearGroupInvalid,
  }),
});

/** The directory's form for the school's way of counting years. */
export const studentInputSchemaFor = (schoolYear: SchoolYear) =>
  schoolYear === 'yearGroup' ? studentInputByYearGroupSchema : studentInputSchema;

/** Decimal digits only: "0x10", "1e3" or " 7" name no pupil. */
export const studentIdParamsSchema = z.object({
  id: z
    .string({ error: STUDENT_MESSAGES.notFound })
    .regex(/^[1-9]\d{0,9}$/, STUDENT_MESSAGES.notFound)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, STUDENT_MESSAGES.notFound)),
});

/** Two records of the same child: the one in the address goes into intoStudentId. */
export const mergeStudentsSchema = z.object({
  intoStudentId: z
    .number({ error: 'Choose the record to keep' })
    .int('Choose the record to keep')
    .positive('Choose the record to keep')
    .max(2_147_483_647, 'Choose the record to keep'),
});

/** A pupil in the teacher's directory. */
export const studentSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string().nullable(),
  surnameInitials: z.string().nullable(),
  /** Name and surname, or the surname initials a pupil gave when handing in. */
  displayName: z.string(),
  yearGroup: z.string().nullable(),
  grade: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  parentName: z.string().nullable(),
  parentEmail: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Asked by "View Marked Work" when marked-work protection is on. */
  pupilCode: z.string().nullable(),
  createdAt: z.string(),
});
export type Student = z.infer<typeof studentSchema>;

/** What erasing a pupil removes, named in the confirmation before it happens. */
export const studentFootprintSchema = z.object({
  documents: z.number(),
  feedback: z.number(),
  audioRecordings: z.number(),
  shareLinks: z.number(),
  parentReports: z.number(),
  reportLinks: z.number(),
  videos: z.number(),
  files: z.number(),
});
export type StudentFootprint = z.infer<typeof studentFootprintSchema>;

/** The answer to erasing a pupil: what went, counted as the confirmation named it. */
export const studentErasedSchema = z.object({
  message: z.literal('Student deleted'),
  erased: studentFootprintSchema,
});

/** The answer to merging two records of one child into the one kept. */
export const mergeStudentsResponseSchema = z.object({
  student: studentSchema,
  movedDocuments: z.number(),
  movedReports: z.number(),
});

export const studentListSchema = z.array(studentSchema);
