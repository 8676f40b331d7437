export { login, register } from './accounts';
export { currentTeacher, requireTeacher } from './guards';
export { presentUser } from './presenter';
export {
  deleteSpentEmailTokens,
  deleteTeacherRow,
  teacherExists,
  updateTeacherRow,
} from './rows';
export { DEMO_TEACHER, seedDemoIfEmpty } from './seed-demo';
export { sessionCookieFlags, teacherSessionState } from './session-state';
export {
  cachedTeacherBySession,
  createTeacherSession,
  deleteExpiredTeacherSessions,
  endTeacherSessions,
  findTeacherBySession,
  forgetTeacher,
  revokeTeacherSession,
  type Teacher,
} from './sessions';
export { consumeVerificationToken, VERIFY_PATH } from './verification';
