/*
 * Voice and avatar profiles' limits and consent texts, without zod: the pages import these,
 * and a module that declares schemas would bring zod and every schema into the page
 * (decision 0031). contract/profiles.ts re-exports them beside the schemas.
 */

export const MAX_PROFILE_NAME = 120;
export const MAX_PROFILE_DESCRIPTION = 1_000;

/** Limits the page states and the server enforces. */
export const PROFILE_LIMITS = {
  audioBytes: 10 * 1024 * 1024,
  audioSeconds: 300,
  imageBytes: 10 * 1024 * 1024,
  videoBytes: 50 * 1024 * 1024,
  videoSeconds: 120,
} as const;

export const CONSENT_MESSAGE =
  'Please confirm this is your own voice and that you consent to its use';
export const AVATAR_CONSENT_MESSAGE =
  'Please confirm this is your own face and that you consent to its use';
