import type { FeedbackItem } from '@contract/feedback';
import type { RefObject } from 'react';
import { FeedbackListItem } from './feedback-list-item';

interface FeedbackListProps {
  items: FeedbackItem[];
  /** The pupil's page number of each text page (contract/pupil-pages.ts). */
  pageNumbers: number[];
  isPending: boolean;
  activeId: number | null;
  readOnly: boolean;
  /** Whether the teacher can add feedback here (not reviewed, and there is text to select). */
  canAdd: boolean;
  itemRefs: RefObject<Map<number, HTMLElement>>;
  onShowInText: (item: FeedbackItem) => void;
  /** A region's item opens the page view on it (when the file has pages to show). */
  onShowOnPage?: (item: FeedbackItem) => void;
}

export function FeedbackList({
  items,
  pageNumbers,
  isPending,
  activeId,
  readOnly,
  canAdd,
  itemRefs,
  onShowInText,
  onShowOnPage,
}: FeedbackListProps) {
  const changed = items.filter(
    (item) => item.anchorStatus === 'approximate' || item.anchorStatus === 'missing',
  ).length;
  return (
    <section aria-labelledby="feedback-list-heading">
      <h2 id="feedback-list-heading" className="mb-3 text-base font-semibold text-slate-900">
        Feedback
      </h2>
      {changed > 0 ? (
        <p
          role="status"
          className="mb-3 rounded-md border border-orange-300 bg-orange-50 px-3 py-2 text-sm text-orange-900"
        >
          {changed === 1
            ? '1 feedback item is about a passage that changed when the text was read again.'
            : `${changed} feedback items are about passages that changed when the text was read again.`}
        </p>
      ) : null}
      {isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading feedback…
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
          {canAdd
            ? 'No feedback yet. Select a passage to start.'
            : 'This document has no feedback.'}
        </p>
      ) : (
        <ol className="space-y-3">
          {items.map((item, index) => (
            <li key={item.id}>
              <FeedbackListItem
                ref={(node) => {
                  if (node) itemRefs.current.set(item.id, node);
                  else itemRefs.current.delete(item.id);
                }}
                item={item}
                pageNumbers={pageNumbers}
                number={index + 1}
                active={activeId === item.id}
                readOnly={readOnly}
                onShowInText={onShowInText}
                onShowOnPage={onShowOnPage}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
