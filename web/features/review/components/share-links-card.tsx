import type { ShareLinkSummary } from '@contract/sharing';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatRelativeTime, formatShortDate } from '@web/lib/format';
import { useState } from 'react';
import { useRevokeShareLink, useShareLinks } from '../api/sharing';

function linkState(link: ShareLinkSummary, now: number) {
  if (link.revokedAt) return { label: 'Revoked', tone: 'neutral' as const, live: false };
  if (Date.parse(link.expiresAt) <= now)
    return { label: 'Expired', tone: 'neutral' as const, live: false };
  return { label: 'Active', tone: 'green' as const, live: true };
}

function whoOf(link: ShareLinkSummary): string {
  return link.studentName || link.studentEmail || 'No name given';
}

/** Who has a link to this document's feedback, whether they opened it, and a way to stop it. */
export function ShareLinksCard({ documentId }: { documentId: number }) {
  const links = useShareLinks(documentId);
  const revoke = useRevokeShareLink(documentId);
  // The link asked about; a revoke takes effect at once, so it is confirmed first.
  const [revoking, setRevoking] = useState<ShareLinkSummary | null>(null);
  if (!links.data || links.data.length === 0) return null;
  const now = Date.now();

  const onRevoke = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        toast({ title: 'Link revoked', description: 'The link no longer opens this feedback.' });
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
    <Card>
      <CardHeader>
        <CardTitle id="share-links-heading">Shared links</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200">
          {links.data.map((link) => {
            const state = linkState(link, now);
            const who = whoOf(link);
            return (
              <li key={link.id} className="py-3 first:pt-0 last:pb-0">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-900">{who}</p>
                    {link.studentName && link.studentEmail ? (
                      <p className="truncate text-xs text-slate-600">{link.studentEmail}</p>
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
                <p className="text-xs text-slate-600">
                  {link.viewCount === 0
                    ? 'Not opened yet'
                    : `Opened ${link.viewCount} ${link.viewCount === 1 ? 'time' : 'times'}${
                        link.lastViewedAt ? `, last ${formatRelativeTime(link.lastViewedAt)}` : ''
                      }`}
                </p>
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
          onConfirm={onRevoke}
        />
      </CardContent>
    </Card>
  );
}
