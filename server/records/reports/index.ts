export { createReport, deleteReport, getReport, listReports, updateReport } from './service';
export {
  findLiveReportLink,
  listReportLinks,
  openSharedReport,
  revokeReportLink,
  shareReport,
} from './sharing';
