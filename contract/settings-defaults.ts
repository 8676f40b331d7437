import { PRIMARY_DAY } from './school-day';
import type { OnboardingState, TeacherPreferences } from './settings';

/*
 * A teacher's settings as a new account has them, without zod: the pages import these, and
 * a module that declares schemas would bring zod and every schema into the page (decision
 * 0031). contract/settings.ts re-exports them beside the schemas.
 */

/** Years after hand-in when work is purged; 0 keeps it until the teacher deletes it. */
export const RETENTION_YEARS = [0, 1, 2, 3] as const;
export type RetentionYears = (typeof RETENTION_YEARS)[number];

/**
 * How the school counts a pupil's year, the one field the pupil directory asks for: a
 * grade (K to 12) or a year group (Reception to Year 13).
 */
export const SCHOOL_YEARS = ['grade', 'yearGroup'] as const;
export type SchoolYear = (typeof SCHOOL_YEARS)[number];

export const DEFAULT_PREFERENCES: TeacherPreferences = {
  darkMode: false,
  emailNotifications: false,
  documentComments: false,
  lessonPlanReminders: false,
  weeklyDigest: false,
  useFeedbackAssistant: true,
  documentAnalysis: true,
  lessonSuggestions: true,
  liveTranscription: false,
  shareSendEmail: true,
  shareExpiryDays: 7,
  retentionYears: 0,
  markedWorkProtection: false,
  schoolDay: PRIMARY_DAY,
  schoolYear: 'grade',
};

export const FEATURE_IDS = ['document-feedback', 'lesson-planning', 'parent-reports'] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

export const DEFAULT_ONBOARDING: OnboardingState = {
  introStarted: false,
  hasSeenIntro: false,
  welcomeDismissed: false,
  visitedFeatures: [],
  dismissedFeatures: [],
  dismissedTips: [],
};

/** A dismissed tip's id, as the onboarding schema accepts it. */
export const TIP_ID_PATTERN = /^[a-z-]{1,40}$/;
