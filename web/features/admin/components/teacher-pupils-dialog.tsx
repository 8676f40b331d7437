import type { AdminPupil, AdminUser } from '@contract/admin';
import { Button, buttonClasses } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { formatShortDate } from '@web/lib/format';
import { Download, GraduationCap, RefreshCw, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { adminPupilExportHref, useAdminPupils } from '../api/admin-pupils';
import { ErasePupilDialog } from './erase-pupil-dialog';

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function PupilItem({
  teacherId,
  pupil,
  onErase,
}: {
  teacherId: number;
  pupil: AdminPupil;
  onErase: (pupil: AdminPupil) => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{pupil.displayName}</p>
        <p className="text-sm text-slate-600">
          {pupil.yearGroup ?? 'No year group'} · added{' '}
          <time dateTime={pupil.createdAt}>{formatShortDate(pupil.createdAt)}</time>
        </p>
        <p className="text-sm text-slate-600">
          {count(pupil.documents, 'document')} · {count(pupil.parentReports, 'parent report')}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          href={adminPupilExportHref(teacherId, pupil.id)}
          download
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
          aria-label={`Export data of ${pupil.displayName}`}
          onClick={() =>
            toast({
              title: 'Export started',
              description: `${pupil.displayName}'s data downloads as a zip file.`,
            })
          }
        >
          <Download aria-hidden="true" />
          Export
        </a>
        <Button
          variant="outline"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          aria-label={`Erase ${pupil.displayName}`}
          onClick={() => onErase(pupil)}
        >
          <Trash2 aria-hidden="true" />
          Erase
        </Button>
      </div>
    </li>
  );
}

function PupilList({
  teacherId,
  open,
  onErase,
}: {
  teacherId: number;
  open: boolean;
  onErase: (pupil: AdminPupil) => void;
}) {
  const pupils = useAdminPupils(teacherId, open);
  if (pupils.isPending) {
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-600">
        Loading pupils…
      </p>
    );
  }
  if (pupils.isError) {
    return (
      <div className="py-6 text-center text-sm text-red-700">
        <p>The pupils could not be loaded.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => pupils.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try Again
        </Button>
      </div>
    );
  }
  if (pupils.data.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-600">This teacher has no pupils.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200" aria-label="Pupils">
      {pupils.data.map((pupil) => (
        <PupilItem key={pupil.id} teacherId={teacherId} pupil={pupil} onErase={onErase} />
      ))}
    </ul>
  );
}

/**
 * A teacher's pupils for the administrator (decision 0015): each can be exported as the same
 * zip the teacher gets, or erased after a confirmation that counts what goes.
 */
export function TeacherPupilsDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const [erasing, setErasing] = useState<AdminPupil | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Pupils of ${name}`}>
          <GraduationCap aria-hidden="true" />
          Pupils
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle ref={titleRef} tabIndex={-1} className="focus:outline-none">
            Pupils of {name}
          </DialogTitle>
          <DialogDescription>
            Export a pupil&apos;s data as a zip file, or erase a pupil and everything stored about
            them.
          </DialogDescription>
        </DialogHeader>
        <PupilList teacherId={user.id} open={open} onErase={setErasing} />
        <ErasePupilDialog
          teacherId={user.id}
          teacherName={name}
          pupil={erasing}
          onClose={() => setErasing(null)}
          // The erased pupil's button is gone: focus goes back to the top of this dialog.
          onErased={() => setTimeout(() => titleRef.current?.focus(), 0)}
        />
      </DialogContent>
    </Dialog>
  );
}
