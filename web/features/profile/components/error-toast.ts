import { toast } from '@web/components/ui/use-toast';
import { ApiRequestError } from '@web/lib/api';

/** The toast's title, then the server's message or "please try again". */
export function errorToast(title: string, error: unknown) {
  const message =
    error instanceof ApiRequestError && error.status > 0 && error.status < 500
      ? error.message
      : 'Please try again.';
  toast({ title, description: message, variant: 'destructive' });
}
