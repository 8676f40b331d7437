/*
 * Sharing: a document's feedback and a parent report reach pupils and parents through
 * capability links (records/links): making and e-mailing them, listing and revoking them,
 * what a link's page may show, its media served under its own address, and the notice a
 * teacher gets when a link is first opened.
 */
export { LINK_OPENED_NOTICE_JOB, queueFirstOpeningNotices } from './first-opening';
export { presentSharedView, teacherDisplayName } from './presenter';
export {
  findLiveReportLink,
  listReportLinks,
  openSharedReport,
  revokeReportLink,
  shareReport,
} from './report-links';
export {
  findLiveFeedbackLink,
  INVALID_LINK_MESSAGE,
  listShareLinks,
  loadSharedDocument,
  revokeShareLink,
  shareFeedback,
} from './service';
export { SharedViewCache } from './view-cache';
export {
  AUDIO_NOT_FOUND,
  audioIdParamsSchema,
  CROP_NOT_FOUND,
  cropIdParamsSchema,
  sendViewAudio,
  sendViewRegionCrop,
  viewMediaPaths,
} from './view-media';
