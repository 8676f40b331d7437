export {
  changePassphrase,
  ensureClassroomKey,
  findClassroomKeyById,
  findClassroomKeyByPhrase,
  findClassroomKeyOfTeacher,
  generatePassphrase,
  suggestPassphrase,
} from './passphrase';
export { ADJECTIVES, COLOURS, NOUNS } from './words';
