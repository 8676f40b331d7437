export { checkAdminCredentials, ensureAdminCredentials } from './credentials';
export { presentAdminUser } from './presenter';
export {
  blockTeacher,
  deleteTeacher,
  listTeachers,
  unblockTeacher,
  verifyTeacher,
} from './teacher-accounts';
