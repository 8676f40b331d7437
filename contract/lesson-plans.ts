import { z } from 'zod';
import { recordIdSchema } from './ids';
import {
  LESSON_COLORS,
  LESSON_DAYS,
  MAX_DATE_RANGE_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_TIME_SLOT_LENGTH,
  MAX_TITLE_LENGTH,
} from './lesson-constants';
import { isStorableText } from './text';

/*
 * Lesson planning: plans (a week), lessons (cards Monday to Friday) and suggestions.
 * One schema validates the planner's forms and the API's bodies (spec §5 texts).
 */

export {
  DEFAULT_LESSON_COLOR,
  DEFAULT_TIME_SLOT,
  LESSON_COLORS,
  LESSON_DAYS,
  type LessonColor,
  type LessonDay,
  MAX_DATE_RANGE_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_TIME_SLOT_LENGTH,
  MAX_TITLE_LENGTH,
  NO_ACTIVE_PLAN,
} from './lesson-constants';

/**
 * Required text: blank after trimming is missing; the stored value is exactly what was
 * sent, so text PostgreSQL cannot store as sent (NUL, lone surrogates) is refused.
 */
const requiredText = (message: string, max: number, tooLong: string) =>
  z
    .string({ error: message })
    .max(max, tooLong)
    .refine((value) => value.trim().length > 0, message)
    .refine(
      isStorableText,
      `${message.replace(/ is required$/, '')} contains a character that cannot be saved`,
    );

export const lessonSchema = z.object({
  id: z.number(),
  planId: z.number(),
  title: z.string(),
  description: z.string(),
  timeSlot: z.string(),
  day: z.enum(LESSON_DAYS),
  color: z.enum(LESSON_COLORS),
  /** Set when the lesson came from a suggestion. */
  suggestionKey: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const lessonPlanSchema = z.object({
  id: z.number(),
  title: z.string(),
  dateRange: z.string(),
  /** Ordered by day, then by the start time of the time slot (unreadable slots last). */
  lessons: z.array(lessonSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LessonPlan = z.infer<typeof lessonPlanSchema>;

export const createLessonPlanSchema = z.object({
  title: requiredText('Title is required', MAX_TITLE_LENGTH, 'Title is too long'),
  dateRange: requiredText(
    'Date range is required',
    MAX_DATE_RANGE_LENGTH,
    'Date range is too long',
  ),
});
export type CreateLessonPlanRequest = z.infer<typeof createLessonPlanSchema>;

/** Rename: either field or both. */
export const updateLessonPlanSchema = createLessonPlanSchema
  .partial()
  .refine((value) => value.title !== undefined || value.dateRange !== undefined, {
    message: 'Nothing to change',
  });
export type UpdateLessonPlanRequest = z.infer<typeof updateLessonPlanSchema>;

/** "Copy to next week": the new plan's title and date range default to the source's moved on a week. */
export const copyLessonPlanSchema = createLessonPlanSchema.partial();
export type CopyLessonPlanRequest = z.infer<typeof copyLessonPlanSchema>;

const lessonFields = {
  title: requiredText('Title is required', MAX_TITLE_LENGTH, 'Title is too long'),
  description: requiredText(
    'Description is required',
    MAX_DESCRIPTION_LENGTH,
    'Description is too long',
  ),
  timeSlot: requiredText('Time slot is required', MAX_TIME_SLOT_LENGTH, 'Time slot is too long'),
  day: z.enum(LESSON_DAYS, {
    error: (issue) =>
      issue.input === undefined ? 'Day is required' : 'Day must be Monday to Friday',
  }),
  color: z.enum(LESSON_COLORS, {
    error: (issue) =>
      issue.input === undefined
        ? 'Color is required'
        : 'Color must be blue, green, purple, yellow or red',
  }),
};

export const createLessonSchema = z.object({
  ...lessonFields,
  /** A suggestion's key: adding the same suggestion to the same plan twice adds it once. */
  suggestionKey: z
    .string()
    .regex(/^[a-z0-9:_-]{1,120}$/i, 'Suggestion key is invalid')
    .optional(),
});
export type CreateLessonRequest = z.infer<typeof createLessonSchema>;

/** A move is `{ day }`; an edit sends any of the fields. */
export const updateLessonSchema = z
  .object(lessonFields)
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateLessonRequest = z.infer<typeof updateLessonSchema>;

export const suggestedLessonSchema = z.object({
  title: z.string(),
  description: z.string(),
  timeSlot: z.string(),
  day: z.enum(LESSON_DAYS),
  color: z.enum(LESSON_COLORS),
  /** One line the teacher can read: why this lesson, here. */
  reason: z.string(),
  /** Stable for the same week and marking: makes applying idempotent. */
  suggestionKey: z.string(),
});
export type SuggestedLesson = z.infer<typeof suggestedLessonSchema>;

export const lessonSuggestionSchema = z.object({
  message: z.string(),
  /** The banner's action button label, e.g. "Add 3 review lessons". */
  action: z.string(),
  suggestedLessons: z.array(suggestedLessonSchema),
  /** Which engine answered: the built-in planner or the configured provider. */
  engine: z.enum(['builtin', 'provider']),
});
export type LessonSuggestion = z.infer<typeof lessonSuggestionSchema>;

export const planIdParamsSchema = z.object({
  id: recordIdSchema(),
});
export const lessonIdParamsSchema = planIdParamsSchema;

export const LESSON_PLAN_NOT_FOUND = 'Lesson plan not found';
export const LESSON_NOT_FOUND = 'Lesson not found';
export const lessonPlanListSchema = z.array(lessonPlanSchema);
export const lessonPlanDeletedSchema = z.object({ message: z.literal('Lesson plan deleted') });
export const lessonDeletedSchema = z.object({ message: z.literal('Lesson deleted') });
