export {
  deleteFileRow,
  deleteFilesNoLongerNamed,
  deleteTeacherFiles,
  deleteUnnamedFilesBefore,
} from './file-references';
export {
  inspectAudio,
  inspectUpload,
  MAX_AUDIO_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  MAX_UPLOAD_BYTES,
} from './inspect';
export { JSON_MEDIA_BODY_LIMIT, readMediaBody } from './media-body';
export type { FileRow } from './service';
export {
  discardStoredFile,
  findTeacherFile,
  newFileId,
  resolveUploadedFile,
  safeFileName,
  storeFile,
  uploadUrl,
} from './service';
export { fileEmpty, fileTooLarge, imageTooLarge } from './upload-errors';
