import type { DocumentSummary } from '@contract/documents';
import type { BadgeTone } from '@web/components/ui/badge';

export type DocumentTab = 'all' | 'new' | 'under-review' | 'reviewed';

/**
 * Name plus surname, else "Unknown Student". Pupils handing work in give only
 * the first two letters of their surname, which the server has put into the author.
 */
export function pupilName(doc: DocumentSummary): string {
  if (!doc.student) return 'Unknown Student';
  const full = [doc.student.name, doc.student.surname].filter(Boolean).join(' ').trim();
  if (doc.student.surname) return full;
  return doc.author.trim() || full || 'Unknown Student';
}

const normalised = (status: string) => status.trim().toLowerCase();

/** Compared case-insensitively; anything unexpected shows "Unknown". */
export function statusBadge(status: string): { label: string; tone: BadgeTone } {
  switch (normalised(status)) {
    case 'new':
      return { label: 'NEW', tone: 'blue' };
    case 'under review':
      return { label: 'Under Review', tone: 'yellow' };
    case 'reviewed':
      return { label: 'Reviewed', tone: 'green' };
    case 'shared':
      return { label: 'Shared', tone: 'neutral' };
    default:
      return { label: 'Unknown', tone: 'neutral' };
  }
}
