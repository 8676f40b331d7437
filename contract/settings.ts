import { z } from 'zod';
import { LESSON_DAYS } from './lesson-constants';
import {
  CLOCK_PATTERN,
  MAX_PERIOD_NAME_LENGTH,
  MAX_PERIODS,
  PERIOD_KINDS,
  schoolDayProblem,
} from './school-day';
import {
  DEFAULT_ONBOARDING,
  DEFAULT_PREFERENCES,
  FEATURE_IDS,
  SCHOOL_YEARS,
  TIP_ID_PATTERN,
} from './settings-defaults';
import { isStorableText, UNSTORABLE_TEXT } from './text';

export {
  DEFAULT_ONBOARDING,
  DEFAULT_PREFERENCES,
  FEATURE_IDS,
  type FeatureId,
  RETENTION_YEARS,
  type RetentionYears,
  SCHOOL_YEARS,
  type SchoolYear,
} from './settings-defaults';

/*
 * A teacher's settings and onboarding state, kept on the server (table teacher_settings).
 * Stored JSON is read through readPreferences/readOnboarding, which keep each field of the
 * right type and fill the rest with defaults, so adding a setting needs no migration.
 */

/** The bell schedule: periods, home time and non-contact periods (contract/school-day.ts). */
export const schoolDaySchema = z
  .object({
    periods: z
      .array(
        z.object({
          name: z
            .string({ error: 'Period name is required' })
            .max(
              MAX_PERIOD_NAME_LENGTH,
              `Period names have at most ${MAX_PERIOD_NAME_LENGTH} characters`,
            )
            .refine(isStorableText, UNSTORABLE_TEXT),
          start: z.string().regex(CLOCK_PATTERN, 'Enter each period’s start time as HH:MM'),
          end: z.string().regex(CLOCK_PATTERN, 'Enter each period’s end time as HH:MM'),
          kind: z.enum(PERIOD_KINDS, {
            error: 'Period kind must be lesson, registration, break or lunch',
          }),
        }),
        { error: 'Periods are required' },
      )
      .max(MAX_PERIODS, `A day has at most ${MAX_PERIODS} periods`),
    homeTime: z
      .string({ error: 'Home time is required' })
      .regex(CLOCK_PATTERN, 'Home time is required'),
    nonContact: z
      .array(
        z.object({
          day: z.enum(LESSON_DAYS, { error: 'Day must be Monday to Friday' }),
          period: z
            .string({ error: 'Non-contact time must be a lesson period' })
            .max(MAX_PERIOD_NAME_LENGTH, 'Non-contact time must be a lesson period'),
        }),
        { error: 'Non-contact periods are required' },
      )
      .max(MAX_PERIODS * LESSON_DAYS.length, 'Too many non-contact periods'),
  })
  .superRefine((day, context) => {
    const problem = schoolDayProblem(day);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const preferencesShape = {
  /** General. */
  darkMode: z.boolean(),
  /** Notifications: an e-mail when pupils hand in work (batched, one per 15 minutes). */
  emailNotifications: z.boolean(),
  /** Notifications: an e-mail when a pupil or parent first opens shared feedback. */
  documentComments: z.boolean(),
  /** Notifications: a reminder when next week has no lesson plan. */
  lessonPlanReminders: z.boolean(),
  /** Notifications: a Monday e-mail summing up last week (hand-ins, feedback, links opened). */
  weeklyDigest: z.boolean(),
  /** AI Features: enhancement of spoken feedback and reports. */
  useFeedbackAssistant: z.boolean(),
  /** AI Features: text extraction reading photos (OCR) and marking topics for suggestions. */
  documentAnalysis: z.boolean(),
  /** AI Features: the lesson planner's suggestions. */
  lessonSuggestions: z.boolean(),
  /** AI Features: the browser's live dictation while recording (opt-in: some browsers send audio out). */
  liveTranscription: z.boolean(),
  /** Share dialog defaults. */
  shareSendEmail: z.boolean(),
  shareExpiryDays: z.number().int().min(1).max(90),
  /** Privacy. */
  retentionYears: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** Privacy: "View Marked Work" also asks for the pupil's personal 6-character code. */
  markedWorkProtection: z.boolean(),
  /** Lesson planner: the school day its time slots and suggestions come from. */
  schoolDay: schoolDaySchema,
  /** Pupil directory: the school's way of counting years, the field it asks for. */
  schoolYear: z.enum(SCHOOL_YEARS),
};

export const teacherPreferencesSchema = z.object(preferencesShape);
export type TeacherPreferences = z.infer<typeof teacherPreferencesSchema>;

/** PUT /api/settings: any subset of the preferences; unknown fields are refused. */
export const preferencesUpdateSchema = teacherPreferencesSchema.partial().strict();
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

const featureIdSchema = z.enum(FEATURE_IDS);

const onboardingShape = {
  /**
   * The first-time intro was offered (the account was new when the teacher first signed
   * in), so another browser continues it instead of greeting a returning teacher.
   */
  introStarted: z.boolean(),
  hasSeenIntro: z.boolean(),
  welcomeDismissed: z.boolean(),
  visitedFeatures: z.array(featureIdSchema).max(FEATURE_IDS.length),
  dismissedFeatures: z.array(featureIdSchema).max(FEATURE_IDS.length),
  /** Tip ids (the dashboard's six tips). */
  dismissedTips: z.array(z.string().regex(TIP_ID_PATTERN)).max(20),
};

export const onboardingSchema = z.object(onboardingShape);
export type OnboardingState = z.infer<typeof onboardingSchema>;

/** PUT /api/settings/onboarding: any subset; lists replace the stored lists. */
export const onboardingUpdateSchema = onboardingSchema.partial().strict();

/** GET /api/settings answers both, so one request sets up the client. */
export const settingsResponseSchema = z.object({
  preferences: teacherPreferencesSchema,
  onboarding: onboardingSchema,
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/** Keeps each stored field that still has the right type; defaults for the rest. */
function readWithDefaults<T extends Record<string, unknown>>(
  shape: Record<string, z.ZodType>,
  defaults: T,
  stored: unknown,
): T {
  const result: Record<string, unknown> = { ...defaults };
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    for (const [key, schema] of Object.entries(shape)) {
      const parsed = schema.safeParse((stored as Record<string, unknown>)[key]);
      if (parsed.success) result[key] = parsed.data;
    }
  }
  return result as T;
}

export function readPreferences(stored: unknown): TeacherPreferences {
  return readWithDefaults(preferencesShape, DEFAULT_PREFERENCES, stored);
}

export function readOnboarding(stored: unknown): OnboardingState {
  return readWithDefaults(onboardingShape, DEFAULT_ONBOARDING, stored);
}

export const preferencesUpdatedSchema = z.object({ preferences: teacherPreferencesSchema });
export const onboardingUpdatedSchema = z.object({ onboarding: onboardingSchema });
