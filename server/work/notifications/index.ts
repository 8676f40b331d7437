export { addDays, formatDay } from './calendar';
export { handInNoticeJobHandler } from './hand-in-notice';
export { linkOpenedNoticeJobHandler } from './link-opened';
export { scheduledWorkTask } from './schedule';
export { mailRecipient, plural, sendTeacherMail } from './teacher-mail';
