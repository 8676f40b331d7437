import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatRelativeTime, formatShortDate } from '@web/lib/format';
import { useState } from 'react';

/** A capability link as its teacher sees it (shared feedback and parent reports alike). */
export type LinkSummary = {
  id: number;
  recipientName: string | null;
  recipientEmail: string | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  viewCount: number;
  lastViewedAt: string | null;
};

function linkState(link: LinkSummary, now: number) {
  if (link.revokedAt) return { label: 'Revoked', tone: 'neutral' as const, live: false };
  if (Date.parse(link.expiresAt) <= now)
    return { label: 'Expired', tone: 'neutral' as const, live: false };
  return { label: 'Active', tone: 'green' as const, live: true };
}

const whoOf = (link: LinkSummary) => link.recipientName || link.recipientEmail || 'No name given';

function openings(link: LinkSummary): string {
  if (link.viewCount === 0) return 'Not opened yet';
  const times = `${link.viewCount} ${link.viewCount === 1 ? 'time' : 'times'}`;
  return `Opened ${times}${link.lastViewedAt ? `, last ${formatRelativeTime(link.lastViewedAt)}` : ''}`;
}

/**
 * Who has a link, whether they opened it, and a way to stop it. A revoke takes effect at
 * once, so it is confirmed first. `subject` names what the link opens ("this feedback").
 */
export function LinkList({
  links,
  subject,
  revoke,
}: {
  links: LinkSummary[];
  subject: string;
  revoke: { mutate: (id: number, options: RevokeCallbacks) => void; isPending: boolean };
}) {
  const [revoking, setRevoking] = useState<LinkSummary | null>(null);
  const now = Date.now();

  const onConfirm = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        toast({ title: 'Link revoked', description: `The link no longer opens ${subject}.` });
      },
      onError: (error) =>
        toast({
          title: 'Link not revoked',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <>
      <ul className="divide-y divide-slate-200">
        {links.map((link) => {
          const state = linkState(link, now);
          const who = whoOf(link);
          return (
            <li key={link.id} className="py-3 first:pt-0 last:pb-0">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{who}</p>
                  {link.recipientName && link.recipientEmail ? (
                    <p className="truncate text-xs text-slate-600">{link.recipientEmail}</p>
                  ) : null}
                </div>
                <Badge tone={state.tone}>{state.label}</Badge>
              </div>
              <p className="mt-1 text-xs text-slate-600">
                Created {formatShortDate(link.createdAt)} ·{' '}
                {link.revokedAt
                  ? `revoked ${formatShortDate(link.revokedAt)}`
                  : `${state.live ? 'expires' : 'expired'} ${formatShortDate(link.expiresAt)}`}
              </p>
              <p className="text-xs text-slate-600">{openings(link)}</p>
              {state.live ? (
                <Button
                  variant="link"
                  size="sm"
                  className="mt-1 text-xs text-red-700"
                  aria-label={`Revoke link for ${who}`}
                  disabled={revoke.isPending}
                  onClick={() => setRevoking(link)}
                >
                  Revoke
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke this link?"
        description={`The link for ${revoking ? whoOf(revoking) : ''} stops working at once: anyone who opens it sees that it is no longer available. You can create a new link afterwards.`}
        confirmLabel="Revoke Link"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        onConfirm={onConfirm}
      />
    </>
  );
}

type RevokeCallbacks = { onSuccess: () => void; onError: (error: unknown) => void };
