/*
 * Text a person typed is stored exactly as sent, or refused with a message: never
 * silently changed, never a server error. PostgreSQL cannot store NUL in text, and a
 * lone UTF-16 surrogate would come back as U+FFFD.
 */

export const UNSTORABLE_TEXT =
  'This text contains characters that cannot be saved (such as a NUL character)';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}
