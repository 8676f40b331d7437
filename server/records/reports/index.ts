/*
 * Parent reports: a teacher's words about a pupil for their parents, drafts and sent
 * reports, with the video made of them (records/videos). Sending one is records/sharing.
 */

export { reportCountsPerPupil } from './per-pupil';
export { presentSharedReport } from './presenter';
export { deleteReportsById, markReportSent, moveReportsToStudent } from './rows';
export {
  createReport,
  deleteReport,
  getReport,
  listReports,
  makeReportVideo,
  ownedReport,
  updateReport,
} from './service';
export { shownInAReport } from './shown-renders';
