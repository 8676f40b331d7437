import type { MouseEvent, ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';

interface ConfirmDialogProps {
  /** Controlled use; leave both out when a `trigger` opens the dialog. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Optional element (e.g. a button) that opens the dialog; rendered in place. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: ReactNode;
  pendingLabel?: ReactNode;
  /** While true the confirm button is disabled and shows `pendingLabel`. */
  pending?: boolean;
  /**
   * Runs on confirm. The dialog then closes unless the handler calls
   * `event.preventDefault()` (e.g. to stay open until the server answers).
   */
  onConfirm: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** A destructive "are you sure?" dialog: title, description, Cancel and a confirming action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting…',
  pending = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
