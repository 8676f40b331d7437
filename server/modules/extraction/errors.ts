/** Why a file gave no text; lets callers pick a stable error code without parsing messages. */
export type ExtractionFailure = 'damaged' | 'encrypted' | 'empty' | 'wrong-kind';

/**
 * A pupil's file whose text could not be read. The message is shown to the teacher as is,
 * so it says what is wrong in plain words; the library's own error, if any, is the cause.
 */
export class ExtractionError extends Error {
  constructor(
    message: string,
    readonly reason: ExtractionFailure = 'damaged',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ExtractionError';
  }
}

export const WORD_DAMAGED = 'This Word document could not be opened. It may be damaged.';
export const WORD_ENCRYPTED =
  'This Word document is protected by a password, so its text could not be read. ' +
  'Ask the pupil to upload a copy without a password.';
