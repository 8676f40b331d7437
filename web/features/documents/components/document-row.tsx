import type { DocumentSummary } from '@contract/documents';
import { Badge } from '@web/components/ui/badge';
import { buttonClasses } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { formatShortDate } from '@web/lib/format';
import { Eye, FileImage, FileText, MoreHorizontal, Pencil, Share2, Trash2 } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { pupilName, statusBadge } from './document-display';

interface DocumentRowProps {
  doc: DocumentSummary;
  /** Edit only for a new document, and only in the New Submissions tab. */
  canEdit: boolean;
  onEdit: (doc: DocumentSummary) => void;
  onDelete: (doc: DocumentSummary) => void;
}

const isImage = (name: string | null) => /\.(png|jpe?g)$/i.test(name ?? '');

export function documentHref(doc: DocumentSummary): string {
  return `/teacher/document/${doc.uniqueId}`;
}

export function DocumentRow({ doc, canEdit, onEdit, onDelete }: DocumentRowProps) {
  const [, navigate] = useLocation();
  const badge = statusBadge(doc.status);
  const Icon = isImage(doc.fileName) ? FileImage : FileText;
  const href = documentHref(doc);

  return (
    <li className="flex items-start gap-3 px-4 py-4 sm:items-center sm:gap-4 sm:px-5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="truncate text-sm font-semibold text-slate-900 sm:text-base">
            {doc.title}
          </h3>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </div>
        <p className="mt-0.5 text-sm text-slate-600">
          Uploaded {formatShortDate(doc.createdAt)} by {pupilName(doc)}
        </p>
        {doc.extractionStatus === 'failed' ? (
          <p className="mt-1 text-sm text-red-700">
            The text could not be read from this file; open the original to review it.
          </p>
        ) : doc.extractionStatus === 'pending' ? (
          <p className="mt-1 text-sm text-slate-600">Reading the text of this file…</p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <Link
          href={href}
          aria-label={`View ${doc.title}`}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          <Eye aria-hidden="true" />
          View
        </Link>
        <DropdownMenu>
          <DropdownMenuTrigger
            aria-label={`More actions for ${doc.title}`}
            className={buttonClasses({ variant: 'ghost', size: 'icon' })}
          >
            <MoreHorizontal aria-hidden="true" />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => navigate(href)}>
              <Eye aria-hidden="true" />
              View
            </DropdownMenuItem>
            {/* Sharing happens on the document page, where the existing links are listed. */}
            <DropdownMenuItem onSelect={() => navigate(`${href}?share=1`)}>
              <Share2 aria-hidden="true" />
              Share
            </DropdownMenuItem>
            {canEdit ? (
              <DropdownMenuItem onSelect={() => onEdit(doc)}>
                <Pencil aria-hidden="true" />
                Edit
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuSeparator />
            <DropdownMenuItem destructive onSelect={() => onDelete(doc)}>
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}
