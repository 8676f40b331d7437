/*
 * What the app tells teachers by e-mail: hand-ins, first openings of shared links, the
 * weekly digest and the lesson-plan reminder, all in one layout (teacher-mail.ts).
 */
export { addDays, formatDay } from './calendar';
export { handInNoticeJobHandler } from './hand-in-notice';
export { linkOpenedNoticeJobHandler } from './link-opened';
export { sendLessonPlanReminders } from './plan-reminder';
export { mailRecipient, plural, sendTeacherMail } from './teacher-mail';
export { sendWeeklyDigests } from './weekly-digest';
