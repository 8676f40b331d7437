/*
 * Every table, gathered for the Drizzle client and drizzle-kit (drizzle.config.ts). Each
 * table is declared in the module that owns it (decision 0066): only that module writes its
 * rows; others ask its functions to, and may still read the table here.
 *
 * Every row a teacher owns carries teacher_id with ON DELETE CASCADE: deleting a
 * teacher removes everything the teacher owns, and access checks filter on it.
 * Secrets (session ids, e-mail tokens) are stored only as SHA-256 hashes.
 */

export { jobs } from '../platform/jobs/tables';
export { mailOutbox } from '../platform/mail/tables';
export { schedules } from '../platform/schedules/tables';
export { throttleBuckets } from '../platform/throttle/tables';
export { adminCredentials, adminSessions } from '../records/admin/tables';
export { classroomKeys } from '../records/classroom/tables';
export { bankComments } from '../records/comment-bank/tables';
export {
  DOCUMENT_STATUSES,
  documentListVersions,
  documentMarks,
  documents,
  EXTRACTION_STATUSES,
  feedback,
} from '../records/documents/tables';
export { LINK_KINDS, links, linkViews } from '../records/links/tables';
export { LESSON_COLORS, LESSON_DAYS, lessonPlans, lessons } from '../records/plans/tables';
export {
  AVATAR_STATUSES,
  avatarProfiles,
  PROFILE_ENGINES,
  voiceProfiles,
} from '../records/profiles/tables';
export { students } from '../records/pupils/tables';
export { parentReports, REPORT_STATUSES } from '../records/reports/tables';
export { teacherSettings } from '../records/settings/tables';
export { sharedViewVersions } from '../records/sharing/tables';
export { suggestionResponses } from '../records/suggestion-responses/tables';
export { emailTokens, teacherSessions, teachers } from '../records/teachers/tables';
export { files } from '../records/uploads/tables';
export { RENDER_STATUSES, videoRenders } from '../records/videos/tables';
