import { randomInt } from 'node:crypto';

/*
 * A pupil's personal code for "View Marked Work" when the teacher turns on marked-work
 * protection. Six characters from an alphabet without look-alikes (no 0/O, 1/I/L), read
 * aloud or copied from a card by a seven-year-old: 31^6 ≈ 887 million codes.
 */
export const PUPIL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PUPIL_CODE_LENGTH = 6;

export function generatePupilCode(): string {
  let code = '';
  for (let i = 0; i < PUPIL_CODE_LENGTH; i += 1) {
    code += PUPIL_CODE_ALPHABET[randomInt(PUPIL_CODE_ALPHABET.length)];
  }
  return code;
}
