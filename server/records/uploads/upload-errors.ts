import { badRequest } from '../../platform/errors';
import { fileTooLarge } from '../../platform/http';

export { fileTooLarge };

/*
 * The refusals an upload can meet. Pupils read these, so they say what to do next.
 * The codes are stable: the web app and the tests key on them, not on the wording.
 */

export const fileEmpty = () => badRequest('The file is empty.', 'file_empty');

export const unsupportedFileType = () =>
  badRequest(
    'This file type is not supported. Please upload a PDF, Word document (.doc, .docx) or a JPG or PNG image.',
    'unsupported_file_type',
  );

export const fileTypeMismatch = () =>
  badRequest(
    "The file's contents do not match its name. Please upload the original file.",
    'file_type_mismatch',
  );

export const damagedFile = () =>
  badRequest(
    'This file appears to be damaged and cannot be opened. Please check that it opens on your device, then upload it again.',
    'damaged_file',
  );

/** A zip-bomb, a path escaping the archive, or an archive too big to open safely. */
export const unsafeFile = () =>
  badRequest(
    'This Word document cannot be accepted because of the way it is packed. Please open it in Word, save a new copy and upload that.',
    'unsafe_file',
  );

export const imageTooLarge = (maxSide: number, maxMegapixels: number) =>
  badRequest(
    `This image is too large. Images can be at most ${maxSide.toLocaleString('en-GB')} pixels on each side and ${maxMegapixels} megapixels in total. Please resize it or take a smaller photo.`,
    'image_too_large',
  );

export const unsupportedRecording = () =>
  badRequest(
    'This recording format is not supported. Please record in a WebM, Ogg, MP4 (M4A) or WAV format.',
    'unsupported_file_type',
  );

export const damagedRecording = () =>
  badRequest('This recording could not be played. Please record it again.', 'damaged_file');

export const recordingTooLong = (maxSeconds: number) =>
  badRequest(
    `The recording is too long. Recordings can be at most ${Math.floor(maxSeconds / 60)} minutes.`,
    'recording_too_long',
  );
