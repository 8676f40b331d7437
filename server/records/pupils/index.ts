export { pupilDisplayName } from '../../../contract/pupil-names';
export { presentStudent } from './presenter';
export { generatePupilCode, PUPIL_CODE_ALPHABET } from './pupil-code';
export { deleteStudentRow, givePupilCodeIfMissing } from './rows';
export {
  createStudent,
  findOrCreatePupil,
  findPupilsByIdentity,
  findTeacherStudent,
  listTeacherPupils,
  mergeStudents,
  type Student,
  updateStudent,
} from './service';
