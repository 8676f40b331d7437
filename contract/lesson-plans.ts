import { z } from 'zod';
import { recordIdSchema } from './ids';
import {
  LESSON_COLORS,
  LESSON_DAYS,
  MAX_CLASS_NAME_LENGTH,
  MAX_DATE_RANGE_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_TIME_SLOT_LENGTH,
  MAX_TITLE_LENGTH,
} from './lesson-constants';
import { isStorableText } from './text';

/*
 * Lesson planning: plans (a week), lessons (cards Monday to Friday) and suggestions.
 * One schema validates the planner's forms and the API's bodies, with the same texts.
 */

export {
  DEFAULT_LESSON_COLOR,
  DEFAULT_TIME_SLOT,
  LESSON_COLORS,
  LESSON_DAYS,
  type LessonColor,
  type LessonDay,
  MAX_CLASS_NAME_LENGTH,
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
const notChosen = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

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
  /** The class it is taught to ("9Y1", "Year 4"); null when not given. */
  className: z.string().nullable(),
  /** Taught every week: a new plan starts with it. */
  recurring: z.boolean(),
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
  // A field left unchosen arrives missing, null or empty: each answers "… is required".
  day: z.enum(LESSON_DAYS, {
    error: (issue) => (notChosen(issue.input) ? 'Day is required' : 'Day must be Monday to Friday'),
  }),
  color: z.enum(LESSON_COLORS, {
    error: (issue) =>
      notChosen(issue.input)
        ? 'Color is required'
        : 'Color must be blue, green, purple, yellow or red',
  }),
  className: z
    .string({ error: 'Class must be text' })
    .max(MAX_CLASS_NAME_LENGTH, 'Class is too long')
    .refine(isStorableText, 'Class contains a character that cannot be saved')
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null)),
  recurring: z.boolean({ error: 'Every week must be true or false' }).optional(),
};

const createLessonSchemaKey = () =>
  z
    .string({ error: 'Suggestion key is invalid' })
    .regex(/^[a-z0-9:_-]{1,120}$/i, 'Suggestion key is invalid');

export const createLessonSchema = z.object({
  ...lessonFields,
  /** A suggestion's key: adding the same suggestion to the same plan twice adds it once. */
  suggestionKey: createLessonSchemaKey().optional(),
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

/** A feedback item a suggestion rests on, as the teacher opens it. */
export const suggestionEvidenceSchema = z.object({
  feedbackId: z.number(),
  documentId: z.number(),
  documentTitle: z.string(),
  /** The pupil's name as the directory has it (or the document's author). */
  pupil: z.string(),
  /** The teacher's comment (or spoken words), shortened. */
  comment: z.string(),
});
export type SuggestionEvidence = z.infer<typeof suggestionEvidenceSchema>;

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
  /** The class it is for ("9Y1", "Year 9"); null when the teacher has one class. */
  className: z.string().nullable(),
  /** The marking topic it answers ("expanding-brackets", "algebra"); null for the week's own reasons. */
  topicId: z.string().nullable(),
  /** The feedback items its reason counts (empty for the week's own reasons). */
  feedbackIds: z.array(z.number()),
  /** Those items, to open: their documents, pupils and comments. */
  evidence: z.array(suggestionEvidenceSchema),
  /**
   * Set when the suggestion changes a lesson already in the week instead of adding one:
   * `addition` is appended to that lesson's description (title, day and time stay).
   */
  change: z
    .object({
      lessonId: z.number(),
      addition: z.string(),
      /** "Turn the starter of Thursday P3 (9Y1 Maths) into a 15-minute re-teach of …". */
      summary: z.string(),
    })
    .nullable(),
});
export type SuggestedLesson = z.infer<typeof suggestedLessonSchema>;

export const lessonSuggestionSchema = z.object({
  message: z.string(),
  /** The banner's action button label, e.g. "Add 3 review lessons". */
  action: z.string(),
  suggestedLessons: z.array(suggestedLessonSchema),
  /** Which engine answered: the built-in planner or the configured provider. */
  engine: z.enum(['builtin', 'provider']),
  /**
   * The marking offered nothing to act on and the teacher did not ask for general ideas:
   * asking with `generalIdeas` may propose subject reviews and catch-ups.
   */
  generalIdeasAvailable: z.boolean(),
});
export type LessonSuggestion = z.infer<typeof lessonSuggestionSchema>;

/** POST /api/lesson-plans/{id}/ai-suggestion: the body may be empty. */
export const suggestionRequestSchema = z
  .object({ generalIdeas: z.boolean({ error: 'generalIdeas must be true or false' }).optional() })
  .strict();
export type SuggestionRequest = z.infer<typeof suggestionRequestSchema>;

/** POST /api/lessons/{id}/additions: a suggestion's addition appended to the lesson, once. */
export const lessonAdditionSchema = z.object({
  addition: requiredText('Addition is required', MAX_DESCRIPTION_LENGTH, 'Description is too long'),
  suggestionKey: createLessonSchemaKey(),
});
export type LessonAdditionRequest = z.infer<typeof lessonAdditionSchema>;

export const SUGGESTION_RESPONSES = ['not-now', 'wrong'] as const;

/** One suggestion as it is remembered: its key and the evidence it rested on. */
const answeredSuggestionSchema = z.object({
  suggestionKey: createLessonSchemaKey(),
  topicId: z
    .string({ error: 'Topic is invalid' })
    .regex(/^[a-z0-9-]{1,60}$/, 'Topic is invalid')
    .nullable(),
  className: z
    .string({ error: 'Class must be text' })
    .max(MAX_CLASS_NAME_LENGTH, 'Class is too long')
    .refine(isStorableText, 'Class contains a character that cannot be saved')
    .nullable(),
  feedbackIds: z
    .array(z.number().int().positive().max(2_147_483_647), { error: 'Feedback ids are invalid' })
    .max(2_000, 'Too many feedback ids'),
});

/**
 * POST /api/lesson-plans/{id}/suggestion-responses: "No Thanks" (not now) on the banner's
 * suggestions, or "wrong" on one, remembered for the evidence each rested on.
 */
export const suggestionResponseSchema = z.object({
  response: z.enum(SUGGESTION_RESPONSES, { error: 'Response must be not-now or wrong' }),
  suggestions: z
    .array(answeredSuggestionSchema, { error: 'Choose a suggestion' })
    .min(1, 'Choose a suggestion')
    .max(10, 'Too many suggestions'),
});
export type SuggestionResponseRequest = z.infer<typeof suggestionResponseSchema>;
export const suggestionResponseSavedSchema = z.object({ message: z.literal('Suggestion noted') });

/** POST /api/lesson-plans/{id}/bump: that day's lessons and every later day's move on a day. */
export const bumpDaySchema = z.object({ day: lessonFields.day });
export type BumpDayRequest = z.infer<typeof bumpDaySchema>;
export const bumpResultSchema = z.object({
  plan: lessonPlanSchema,
  /** Friday's lessons went to Monday of this plan (the next week's), when there were any. */
  nextPlan: lessonPlanSchema.nullable(),
});
export type BumpResult = z.infer<typeof bumpResultSchema>;

export const planIdParamsSchema = z.object({
  id: recordIdSchema(),
});
export const lessonIdParamsSchema = planIdParamsSchema;

export const LESSON_PLAN_NOT_FOUND = 'Lesson plan not found';
export const LESSON_NOT_FOUND = 'Lesson not found';
export const lessonPlanListSchema = z.array(lessonPlanSchema);
export const lessonPlanDeletedSchema = z.object({ message: z.literal('Lesson plan deleted') });
export const lessonDeletedSchema = z.object({ message: z.literal('Lesson deleted') });
