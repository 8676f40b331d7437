import type { DocumentSummary } from '@contract/documents';
import type { FeedbackItem } from '@contract/feedback';
import { formatShortDate } from '@web/lib/format';

/**
 * What pupils and parents see of this work, said where the teacher decides: they keep the
 * feedback as last shared (or marked reviewed) while the teacher changes it, until it is
 * shared or marked reviewed again.
 */
export function publicationStatusText(doc: DocumentSummary): string | null {
  if (!doc.publishedAt) return null;
  if (doc.status === 'reviewed') {
    return 'Pupils and parents see this feedback. Reopen it to add or change feedback: they keep this version until you share it or mark it reviewed again.';
  }
  const when = formatShortDate(doc.publishedAt);
  if (doc.status === 'shared') {
    return `Shared on ${when}. Changes you make reach pupils and parents when you share again or mark it reviewed.`;
  }
  return `Reopened for feedback. Pupils and parents see it as shared on ${when} until you share it or mark it reviewed again.`;
}

export function PublicationStatus({ doc, id }: { doc: DocumentSummary; id?: string }) {
  const text = publicationStatusText(doc);
  if (!text) return null;
  return (
    // A status: reopening or reviewing changes it, and a screen reader hears the new state.
    <p id={id} role="status" className="max-w-prose text-sm text-slate-700">
      {text}
    </p>
  );
}

/** An item whose words changed after they were shared: the pupil still reads the earlier ones. */
export function EditedSinceShared({ item }: { item: FeedbackItem }) {
  if (item.publication !== 'edited') return null;
  return (
    <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900">
      <strong className="font-semibold">Edited since shared.</strong> Pupils and parents see the
      earlier words until you share again.
    </p>
  );
}

/** Deleting an item the pupil has seen: it stays on their side until the next share. */
export function deleteDescription(item: FeedbackItem, isAudio: boolean): string {
  const what = isAudio
    ? 'The recording and its note will be removed.'
    : 'The written feedback will be removed.';
  return item.publication && item.publication !== 'draft'
    ? `${what} Pupils and parents keep seeing it until you share the work or mark it reviewed again. This cannot be undone.`
    : `${what} This cannot be undone.`;
}
