/** Why a file gave no text; lets callers pick a stable error code without parsing messages. */
export type ExtractionFailure = 'damaged' | 'encrypted' | 'empty' | 'wrong-kind' | 'too-large';

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

/**
 * Limits on what one file may produce: a small compressed PDF can expand to tens of
 * megabytes of text, which nobody reviews and which would fill memory and responses.
 */
export const MAX_TEXT_CHARS = 2_000_000;
export const MAX_PDF_PAGES = 1_000;
export const TOO_MUCH_TEXT =
  'This file holds too much text to review here (more than about 300,000 words or 1,000 pages). ' +
  'Ask the pupil to hand in the part you need to mark.';
