import type { AdminAvatarProfile, AdminVoiceProfile } from '@contract/profiles';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatDateGb } from '@web/lib/format-time';
import { AudioLines, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { type ProfileKind, useAdminProfiles, useRemoveProfile } from '../api/admin-profiles';

type Row = AdminVoiceProfile | AdminAvatarProfile;

const texts = {
  voice: {
    icon: AudioLines,
    empty: 'No voice profiles yet',
    emptyHint:
      'Teachers create voice profiles themselves under Voice & Avatar, from a short recording of their voice. They will be listed here.',
    failure: 'Error deleting voice profile',
    removed: 'Voice profile removed',
    confirm: 'Remove this voice profile?',
  },
  avatar: {
    icon: UserRound,
    empty: 'No avatar profiles yet',
    emptyHint:
      'Teachers create avatar profiles themselves under Voice & Avatar, from a photo. They will be listed here.',
    failure: 'Error deleting avatar profile',
    removed: 'Avatar profile removed',
    confirm: 'Remove this avatar profile?',
  },
} as const;

function status(row: Row) {
  if ('status' in row) {
    if (row.status === 'failed') return <Badge tone="red">Failed</Badge>;
    return row.avatarId ? (
      <Badge tone="green">Ready</Badge>
    ) : (
      <Badge tone="yellow">Processing</Badge>
    );
  }
  return (
    <Badge tone={row.engine === 'provider' ? 'indigo' : 'blue'}>
      {row.engine === 'provider' ? 'Voice service' : 'Built-in'}
    </Badge>
  );
}

function ProfileItem({ kind, row }: { kind: ProfileKind; row: Row }) {
  const remove = useRemoveProfile(kind);
  const [open, setOpen] = useState(false);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold break-words text-slate-900">{row.name}</p>
        <p className="text-sm break-words text-slate-700">
          {row.ownerName} · {row.ownerEmail}
        </p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          <div>
            <dt className="inline">Created </dt>
            <dd className="inline">
              <time dateTime={row.createdAt}>{formatDateGb(row.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt className="inline">Consent given </dt>
            <dd className="inline">
              <time dateTime={row.consentAt}>
                {new Date(row.consentAt).toLocaleString('en-GB')}
              </time>
            </dd>
          </div>
        </dl>
        <div>{status(row)}</div>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="outline" size="sm" aria-label={`Remove ${row.name} of ${row.ownerName}`}>
            <Trash2 aria-hidden="true" /> Remove
          </Button>
        }
        title={texts[kind].confirm}
        description={`"${row.name}" of ${row.ownerName} and its stored files are deleted. The teacher can create a new one.`}
        confirmLabel="Remove"
        pendingLabel="Removing…"
        pending={remove.isPending}
        onConfirm={(event) => {
          event.preventDefault();
          remove.mutate(row.id, {
            onSuccess: () => {
              setOpen(false);
              toast({ title: texts[kind].removed });
            },
            onError: (error) =>
              toast({
                title: texts[kind].failure,
                description: errorMessage(error, 'Please try again.'),
                variant: 'destructive',
              }),
          });
        }}
      />
    </li>
  );
}

/** Every teacher's voice or avatar profiles, for the administrator to review and remove. */
export function AdminProfileList({ kind }: { kind: ProfileKind }) {
  const profiles = useAdminProfiles(kind);
  const text = texts[kind];
  if (profiles.isPending) {
    return (
      <p role="status" className="py-10 text-center text-sm text-slate-600">
        Loading profiles…
      </p>
    );
  }
  if (profiles.isError) {
    return (
      <p className="py-10 text-center text-sm text-red-700">The profiles could not be loaded.</p>
    );
  }
  if (profiles.data.length === 0) {
    return <EmptyState icon={text.icon} title={text.empty} description={text.emptyHint} />;
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {profiles.data.map((row) => (
        <ProfileItem key={row.id} kind={kind} row={row} />
      ))}
    </ul>
  );
}
