export { login, register } from './accounts';
export { presentUser } from './presenter';
export {
  deleteSpentEmailTokens,
  deleteTeacherRow,
  teacherExists,
  updateTeacherRow,
} from './rows';
export { DEMO_TEACHER, seedDemoIfEmpty } from './seed-demo';
export { sessionStates } from './session-state';
export { consumeVerificationToken, VERIFY_PATH } from './verification';
