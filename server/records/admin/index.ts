export { checkAdminCredentials, ensureAdminCredentials } from './credentials';
export { requireAdmin } from './guards';
export { presentAdminUser } from './presenter';
export { adminSessionState } from './session-state';
export {
  createAdminSession,
  deleteExpiredAdminSessions,
  findAdminBySession,
  revokeAdminSession,
} from './sessions';
export {
  blockTeacher,
  deleteTeacher,
  listTeachers,
  summarizeTeachers,
  unblockTeacher,
  verifyTeacher,
} from './teacher-accounts';
