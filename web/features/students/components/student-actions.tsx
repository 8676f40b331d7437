import type { Student } from '@contract/students';
import { Button, buttonClasses } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { Download, FolderOpen, GitMerge, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { exportHref } from '../api/students';

export interface StudentActionHandlers {
  onEdit: (student: Student) => void;
  onDelete: (student: Student) => void;
  onMerge: (student: Student) => void;
}

export const studentHref = (student: Student) => `/teacher/students/${student.id}`;

/** The row's actions: View Documents, Edit, Delete, then Merge and Export. */
export function StudentActions({
  student,
  onEdit,
  onDelete,
  onMerge,
}: StudentActionHandlers & { student: Student }) {
  const who = student.displayName;
  return (
    // Clicks here are the buttons' own, not the row's "open documents".
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click handler.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the row has no key handler to shield.
    <div className="flex flex-wrap items-center gap-1" onClick={(e) => e.stopPropagation()}>
      <Link
        href={studentHref(student)}
        className={buttonClasses({ variant: 'outline', size: 'sm' })}
        aria-label={`View documents of ${who}`}
      >
        <FolderOpen aria-hidden="true" />
        View Documents
      </Link>
      <Button variant="ghost" size="sm" onClick={() => onEdit(student)} aria-label={`Edit ${who}`}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={() => onDelete(student)}
        aria-label={`Delete ${who}`}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`More actions for ${who}`}
          className={buttonClasses({ variant: 'ghost', size: 'icon' })}
        >
          <MoreHorizontal aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => onMerge(student)}>
            <GitMerge aria-hidden="true" />
            Merge with another record…
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href={exportHref(student.id)} download>
              <Download aria-hidden="true" />
              Export all data (zip)
            </a>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
