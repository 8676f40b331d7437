export const NO_FACE =
  'We could not find a face in this photo. Use a clear, front-facing photo of yourself.';
export const SEVERAL_FACES = 'This photo shows more than one face. Use a photo of just you.';

/** A photo the teacher must replace (no face, several faces, not an image). */
export class FaceDetectionError extends Error {}
