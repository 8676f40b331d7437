export { presentStudent } from './presenter';
export { generatePupilCode, PUPIL_CODE_ALPHABET } from './pupil-code';
export {
  createStudent,
  findOrCreatePupil,
  findPupilsByIdentity,
  findTeacherStudent,
  mergeStudents,
  pupilDisplayName,
  updateStudent,
} from './service';
