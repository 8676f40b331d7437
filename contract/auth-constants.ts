/*
 * The sign-in constants the pages need, apart from contract/auth.ts and its zod schemas so
 * that the landing and sign-in pages do not download zod (decision 0031). auth.ts re-exports them.
 */

/** Validation limits and texts, shared by the forms and the API so both say the same. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;
export const ONBOARDING_WINDOW_MS = 10 * 60 * 1000;

/** Stable codes the client may branch on; the message is always shown as-is. */
export const AUTH_ERROR_CODES = {
  emailNotVerified: 'email_not_verified',
  accountBlocked: 'account_blocked',
  invalidCredentials: 'invalid_credentials',
  emailTaken: 'email_taken',
  tooManyAttempts: 'too_many_attempts',
} as const;
