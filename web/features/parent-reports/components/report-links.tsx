import type { ReportLinkSummary } from '@contract/parent-reports';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatShortDate } from '@web/lib/format';
import { useState } from 'react';
import { useReportLinks, useRevokeReportLink } from '../api/reports';

function linkState(link: ReportLinkSummary, now: number) {
  if (link.revokedAt) return { label: 'Revoked', tone: 'neutral' as const, live: false };
  if (Date.parse(link.expiresAt) <= now)
    return { label: 'Expired', tone: 'neutral' as const, live: false };
  return { label: 'Active', tone: 'green' as const, live: true };
}

/** Who was sent this report, whether they opened it, and a way to stop the link. */
export function ReportLinks({ reportId }: { reportId: number }) {
  const links = useReportLinks(reportId);
  const revoke = useRevokeReportLink(reportId);
  const [confirming, setConfirming] = useState<ReportLinkSummary | null>(null);
  if (links.isPending) return <p className="text-sm text-slate-600">Loading share links…</p>;
  if (links.isError) return <p className="text-sm text-red-700">{links.error.message}</p>;
  if (links.data.length === 0)
    return <p className="text-sm text-slate-600">This report has not been shared yet.</p>;
  const now = Date.now();

  const onRevoke = () => {
    if (!confirming) return;
    revoke.mutate(confirming.id, {
      onSuccess: () =>
        toast({ title: 'Link revoked', description: 'The link no longer opens this report.' }),
      onError: (error) =>
        toast({
          title: 'Link not revoked',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {links.data.map((link) => {
          const state = linkState(link, now);
          const who = link.recipientName || link.recipientEmail || 'No recipient given';
          return (
            <li key={link.id} className="flex items-start gap-2 px-3 py-2">
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium text-slate-900">{who}</p>
                {link.recipientName && link.recipientEmail ? (
                  <p className="truncate text-xs text-slate-600">{link.recipientEmail}</p>
                ) : null}
                <p className="text-xs text-slate-600">
                  {link.revokedAt
                    ? `Revoked ${formatShortDate(link.revokedAt)}`
                    : `${state.live ? 'Expires' : 'Expired'} ${formatShortDate(link.expiresAt)}`}
                  {' · '}
                  {link.viewCount === 1 ? '1 view' : `${link.viewCount} views`}
                </p>
              </div>
              <Badge tone={state.tone}>{state.label}</Badge>
              {state.live ? (
                <Button
                  variant="link"
                  size="sm"
                  className="text-red-700"
                  aria-label={`Revoke link for ${who}`}
                  onClick={() => setConfirming(link)}
                >
                  Revoke
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title="Revoke this link?"
        description="Whoever has it will no longer be able to open the report. This cannot be undone."
        confirmLabel="Revoke"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        onConfirm={(event) => {
          event.preventDefault();
          onRevoke();
        }}
      />
    </>
  );
}
