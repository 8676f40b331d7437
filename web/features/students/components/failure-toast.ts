import { toast } from '@web/components/ui/use-toast';
import { ApiRequestError } from '@web/lib/api';

/** "Error adding student" and the like, followed by "please try again" (or the
 * server's own message when it refused the input). */
export function failureToast(title: string, error: unknown) {
  const message =
    error instanceof ApiRequestError && error.status === 400 ? error.message : 'Please try again.';
  toast({ title, description: message, variant: 'destructive' });
}
