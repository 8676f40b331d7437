import type { User } from '@contract/auth';
import { ONBOARDING_WINDOW_MS } from '@contract/auth-constants';
import { useQuery } from '@tanstack/react-query';
import type { ApiRequestError } from './api';
import { currentUserQuery } from './start-queries';
import { readItem, readJsonItem, removeItem, STORAGE_KEYS, writeItem } from './storage';

// Shared (not a feature) because the landing page, the teacher shell and several teacher
// screens all need the signed-in teacher, and features may not import one another.
export { currentUserQueryKey } from './start-queries';

export function useCurrentUser() {
  return useQuery<User, ApiRequestError>(currentUserQuery);
}

export function rememberUserProfile(user: User): void {
  writeItem(STORAGE_KEYS.userProfile, JSON.stringify(user));
}

export function readStoredProfile(): Partial<User> | null {
  return readJsonItem<Partial<User>>(STORAGE_KEYS.userProfile);
}

export function forgetUserProfile(): void {
  removeItem(STORAGE_KEYS.userProfile);
}

/** An account younger than the onboarding window, whose intro was never set, starts onboarding. */
export function markFirstTimeIfNew(user: Pick<User, 'createdAt'>, now: number = Date.now()): void {
  const created = Date.parse(user.createdAt);
  const isNew = Number.isFinite(created) && now - created < ONBOARDING_WINDOW_MS;
  if (isNew && readItem(STORAGE_KEYS.hasSeenIntro) === null) {
    writeItem(STORAGE_KEYS.hasSeenIntro, 'false');
  }
}

export function firstNameOf(user: Partial<User> | null | undefined): string {
  return user?.firstName?.trim() || readStoredProfile()?.firstName?.trim() || 'Teacher';
}

export function fullNameOf(user: Partial<User> | null | undefined): string {
  return [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
}
