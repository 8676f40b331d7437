export { HAND_IN_NOTICE_JOB, HAND_IN_WINDOW_MS, scheduleHandInNotice } from './hand-in-notice';
export { ensurePupilCodes } from './pupil-codes';
export {
  myAssignments,
  requireClassroomKey,
  submitAssignment,
  verifyKey,
  WRONG_PHRASES_PER_ADDRESS,
} from './service';
