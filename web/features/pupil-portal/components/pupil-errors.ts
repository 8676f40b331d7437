import { toast } from '@web/components/ui/use-toast';
import { ApiRequestError } from '@web/lib/api';

/**
 * The server's own words when they tell the pupil something to act on (a wrong file type,
 * a file too large, too many attempts); one general sentence otherwise. 5xx messages are
 * generic by design, so the general sentence reads better there.
 */
export function pupilMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    return error.message.startsWith('Request failed with status') ? fallback : error.message;
  }
  return fallback;
}

export const isTooManyAttempts = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 429;

let lastError: { dismiss: () => void } | null = null;

export function errorToast(title: string, description: string) {
  lastError = toast({ title, description, variant: 'destructive' });
}

/** A retry that worked should not leave the earlier failure on screen for its 5 seconds. */
export function clearErrorToast() {
  lastError?.dismiss();
  lastError = null;
}
