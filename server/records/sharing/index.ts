export { presentSharedView, teacherDisplayName } from './presenter';
export {
  findLiveLink,
  INVALID_LINK_MESSAGE,
  listShareLinks,
  loadSharedDocument,
  recordView,
  revokeShareLink,
  shareFeedback,
} from './service';
export {
  audioIdParamsSchema,
  cropIdParamsSchema,
  sendViewAudio,
  sendViewRegionCrop,
  viewMediaPaths,
} from './view-media';
