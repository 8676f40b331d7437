export {
  findAvatarById,
  findVoiceById,
  listAvatarsWithOwners,
  listVoicesWithOwners,
} from './all-teachers';
export { markAvatarFailed, markAvatarReady } from './avatar-status';
export { inspectPhoto, inspectVideo, inspectVoiceSample } from './media';
export { imagePathOf, presentAvatar, presentVoice, samplePathOf, videoPathOf } from './presenter';
export {
  createAvatar,
  createVoice,
  deleteAvatar,
  deleteVoice,
  listAvatars,
  listVoices,
  ownedAvatar,
  ownedMedia,
  ownedVoice,
  PREPARE_AVATAR_JOB,
} from './service';
export { chooseVoiceType, measuredVoice, PREVIEW_SENTENCE, previewVoiceType } from './voice-type';
