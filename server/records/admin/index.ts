export { checkAdminCredentials, ensureAdminCredentials } from './credentials';
export { presentAdminUser } from './presenter';
export {
  blockTeacher,
  deleteTeacher,
  listTeachers,
  summarizeTeachers,
  unblockTeacher,
  verifyTeacher,
} from './teacher-accounts';
