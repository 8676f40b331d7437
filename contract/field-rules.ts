import { MAX_PASSWORD_LENGTH } from './auth-constants';

/*
 * The rules of the fields a pupil, a parent or a signing-in teacher types, as plain
 * functions without zod, so the pages those people open can check their forms without
 * downloading a validation library (decision 0029: ≤ 100 KiB of JavaScript a page). The
 * contract's zod schemas, which the server applies, state the same rules; field-rules.test.ts
 * runs both over the same inputs so they cannot drift apart.
 */

/** A field's cleaned value, or the message to show under it. */
export type FieldCheck<T = string> = { value: T } | { error: string };

export const isFieldError = <T>(check: FieldCheck<T>): check is { error: string } =>
  'error' in check;

const text = (raw: unknown): string | null => (typeof raw === 'string' ? raw : null);

export const YEAR_GROUPS = [
  'Reception',
  'Year 1',
  'Year 2',
  'Year 3',
  'Year 4',
  'Year 5',
  'Year 6',
  'Year 7',
  'Year 8',
  'Year 9',
  'Year 10',
  'Year 11',
  'Year 12 (Lower Sixth)',
  'Year 13 (Upper Sixth)',
] as const;
export type YearGroup = (typeof YEAR_GROUPS)[number];

export const ACCEPTED_UPLOAD_EXTENSIONS = [
  '.pdf',
  '.doc',
  '.docx',
  '.jpg',
  '.jpeg',
  '.png',
] as const;
/** Shown in the form and enforced by the server (server/modules/uploads/inspect.ts). */
export const MAX_UPLOAD_MB = 20;

/** Four words joined by hyphens, e.g. brave-otter-blue-river (adjective-noun-colour-noun). */
export const PASSPHRASE_PATTERN = /^[a-z]{2,20}(-[a-z]{2,20}){3}$/;
export const PASSPHRASE_FORMAT_MESSAGE =
  'The passphrase must be four words joined by hyphens, for example brave-otter-blue-river.';

/** Pupils type the phrase: accept spaces, capitals and stray hyphens, store one form. */
export function normalisePassphrase(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean)
    .join('-');
}

/** The classroom key a pupil types (contract/classroom.ts `passphraseInput`). */
export function checkKeyPhrase(raw: unknown): FieldCheck {
  const value = text(raw);
  if (value === null) return { error: 'Classroom key is required' };
  if (value.length > 200) return { error: 'Classroom key is too long' };
  const phrase = normalisePassphrase(value);
  return phrase.length < 1 ? { error: 'Classroom key is required' } : { value: phrase };
}

/** "Émile" typed with a combining accent is the same name as the precomposed one. */
export function checkFirstName(raw: unknown): FieldCheck {
  const value = text(raw);
  if (value === null) return { error: 'First name is required' };
  const name = value.normalize('NFC').trim();
  if (name.length < 1) return { error: 'First name is required' };
  if (name.length > 60) return { error: 'First name must be at most 60 characters' };
  return { value: name };
}

const SURNAME_INITIALS_MESSAGE = 'Enter the first 2 letters of your surname';

/** Exactly two letters, stored upper case ("Enter the first 2 letters of your surname"). */
export function checkSurnameInitials(raw: unknown): FieldCheck {
  const value = text(raw);
  if (value === null) return { error: SURNAME_INITIALS_MESSAGE };
  const initials = value.normalize('NFC').trim().toUpperCase();
  return /^\p{L}{2}$/u.test(initials) ? { value: initials } : { error: SURNAME_INITIALS_MESSAGE };
}

export function checkAssignmentTitle(raw: unknown): FieldCheck {
  const value = text(raw);
  if (value === null) return { error: 'Assignment title is required' };
  const title = value.trim();
  if (title.length < 1) return { error: 'Assignment title is required' };
  if (title.length > 200) return { error: 'Assignment title must be at most 200 characters' };
  return { value: title };
}

export function checkYearGroup(raw: unknown): FieldCheck<YearGroup> {
  return (YEAR_GROUPS as readonly unknown[]).includes(raw)
    ? { value: raw as YearGroup }
    : { error: 'Year group is required' };
}

/**
 * The pupil's personal code (marked-work protection): optional, spaces and hyphens
 * dropped, upper-cased. A wrong code finds nothing, exactly like a wrong name.
 */
export function checkPupilCode(raw: unknown): FieldCheck<string | undefined> {
  if (raw === undefined) return { value: undefined };
  const value = text(raw);
  if (value === null) return { error: `Invalid input: expected string, received ${typeof raw}` };
  if (value.length > 20) return { error: 'Too big: expected string to have <=20 characters' };
  return { value: value.replace(/[\s-]/g, '').toUpperCase() };
}

export const CLASSROOM_KEY_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export function checkClassroomKeyId(raw: unknown): FieldCheck {
  const value = text(raw);
  if (value === null) return { error: 'Classroom key is required' };
  return CLASSROOM_KEY_ID_PATTERN.test(value) ? { value } : { error: 'Invalid classroom key' };
}

const EMAIL_MESSAGE = 'Please enter a valid email address';
export function checkEmail(raw: unknown): FieldCheck {
  const value = text(raw);
  if (value === null) return { error: EMAIL_MESSAGE };
  const email = value.trim();
  if (email.length > 254) return { error: 'Email address is too long' };
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return { error: EMAIL_MESSAGE };
  return { value: email.toLowerCase() };
}

/** The password at sign-in: any non-empty one (the rules for a new one are the register form's). */
export function checkLoginPassword(raw: unknown): FieldCheck {
  const value = text(raw);
  if (value === null || value.length < 1) return { error: 'Please enter your password' };
  if (value.length > MAX_PASSWORD_LENGTH) return { error: 'Password is too long' };
  return { value };
}
