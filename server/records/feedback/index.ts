export type { TextRange } from './anchor';
export { anchorSelection, currentRange, locateAnchor } from './anchoring';
export {
  asPublished,
  audioUrl,
  presentFeedback,
  presentPupilFeedback,
  presentSharedFeedback,
} from './presenter';
export {
  audioFileOf,
  createFeedback,
  cropFileOf,
  deleteFeedback,
  FEEDBACK_NOT_FOUND,
  listFeedback,
  regionCropOf,
  updateFeedback,
} from './service';
