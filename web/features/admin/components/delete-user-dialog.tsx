import type { AdminUser } from '@contract/admin';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Trash2 } from 'lucide-react';

interface DeleteUserDialogProps {
  user: AdminUser;
  disabled: boolean;
  onConfirm: () => void;
}

export function DeleteUserDialog({ user, disabled, onConfirm }: DeleteUserDialogProps) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title={`Delete ${name}?`}
      description={
        <>
          Deletion is final. It removes the account of {user.email} and all of this teacher&apos;s
          data: documents, feedback, lesson plans, reports, pupils and voice or avatar profiles.
          This cannot be undone.
        </>
      }
      confirmLabel="Delete user"
      onConfirm={onConfirm}
    />
  );
}
