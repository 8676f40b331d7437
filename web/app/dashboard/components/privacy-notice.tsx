import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { useSettings, useUpdatePreferences } from '@web/lib/settings-api';
import { ShieldCheck } from 'lucide-react';
import type { Onboarding } from '../hooks/use-onboarding';

/** Kept with the dismissed tips, so the dashboard asks once, in every browser. */
export const PRIVACY_NOTICE_ID = 'pupil-code-notice';

/**
 * New accounts ask for the pupil's personal code from the start; an account made before
 * that is told once, here, with one click to do the same. Gone once the code is asked (from
 * here or from Settings) or the teacher says not now.
 */
export function PrivacyNotice({ onboarding }: { onboarding: Onboarding }) {
  const settings = useSettings();
  const { mutate, isPending } = useUpdatePreferences();
  const asked = settings.data?.preferences.markedWorkProtection;
  if (asked !== false || onboarding.isTipDismissed(PRIVACY_NOTICE_ID)) return null;

  const turnOn = () =>
    mutate(
      { markedWorkProtection: true },
      {
        onSuccess: () => {
          onboarding.dismissTip(PRIVACY_NOTICE_ID);
          toast({
            title: 'Personal codes on',
            description:
              'View Marked Work now asks for the pupil’s code. The Students page lists every code.',
          });
        },
        onError: () =>
          toast({
            title: 'Not changed',
            description: 'The setting could not be saved. Please try again.',
            variant: 'destructive',
          }),
      },
    );

  return (
    <Card
      role="region"
      aria-labelledby="privacy-notice-heading"
      className="mb-6 flex flex-col gap-4 border-amber-300 bg-amber-50 p-5 sm:flex-row sm:items-center"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800">
        <ShieldCheck className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="privacy-notice-heading" className="text-base font-semibold text-slate-900">
          Keep each pupil’s marked work to themselves
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Today anyone who knows your classroom key, a pupil’s first name and two initials can open
          that pupil’s marked work, feedback and recordings. Ask for the pupil’s personal code as
          well: pupils are given theirs at their first hand-in, and the Students page lists every
          code.
        </p>
      </div>
      <div className="flex shrink-0 gap-2 self-start sm:self-center">
        <Button size="sm" onClick={turnOn} disabled={isPending}>
          Ask for the code
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onboarding.dismissTip(PRIVACY_NOTICE_ID)}
          disabled={isPending}
        >
          Not now
        </Button>
      </div>
    </Card>
  );
}
