import type { AdminUser } from '@contract/admin';
import { Button } from '@web/components/ui/button';
import { Ban, LockOpen, UserCheck } from 'lucide-react';
import { type UserAction, useUserAction } from '../api/admin-users';
import { DeleteUserDialog } from './delete-user-dialog';
import { TeacherPupilsDialog } from './teacher-pupils-dialog';

/** Verify (only while pending), Block or Unblock, the teacher's pupils, and Delete behind a
 * confirmation. */
export function UserActions({ user }: { user: AdminUser }) {
  const action = useUserAction();
  const busy = action.isPending;
  const run = (kind: UserAction) => action.mutate({ user, action: kind });

  return (
    <div className="flex flex-wrap items-center gap-1">
      {!user.emailVerified ? (
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => run('verify')}>
          <UserCheck aria-hidden="true" />
          Verify
        </Button>
      ) : null}
      {user.isBlocked ? (
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => run('unblock')}>
          <LockOpen aria-hidden="true" />
          Unblock
        </Button>
      ) : (
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => run('block')}>
          <Ban aria-hidden="true" />
          Block
        </Button>
      )}
      <TeacherPupilsDialog user={user} />
      <DeleteUserDialog user={user} disabled={busy} onConfirm={() => run('delete')} />
    </div>
  );
}
