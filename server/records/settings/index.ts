export {
  documentAnalysisAllowed,
  enhanceForTeacher,
  PHOTO_READING_OFF_MESSAGE,
  requireLessonSuggestions,
  SUGGESTIONS_OFF_MESSAGE,
} from './ai-switches';
export { claimPeriodicNotice, noteHandInNoticeSent } from './notice-claims';
export {
  NEW_TEACHER_PREFERENCES,
  preferencesOf,
  readSettings,
  updateOnboarding,
  updatePreferences,
} from './store';
