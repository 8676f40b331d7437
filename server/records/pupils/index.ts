export { pupilDisplayName } from '../../../contract/pupil-names';
export { presentStudent } from './presenter';
export { generatePupilCode, PUPIL_CODE_ALPHABET } from './pupil-code';
export {
  absorbStudent,
  deleteStudentRow,
  givePupilCodeIfMissing,
  lockTeacherStudents,
} from './rows';
export {
  createStudent,
  findOrCreatePupil,
  findPupilsByIdentity,
  findTeacherStudent,
  listTeacherPupils,
  type Student,
  updateStudent,
} from './service';
