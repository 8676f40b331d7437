import type { FeedbackItem } from '@contract/feedback';
import { feedbackPageLabel } from '@contract/pupil-pages';
import { AudioFeedbackButton } from '@web/components/feedback/audio-feedback-button';
import { RegionThumbnail } from '@web/components/regions';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { formatRelativeTime } from '@web/lib/format';
import { MessageSquareText, Volume2 } from 'lucide-react';
import { forwardRef, useId, useState } from 'react';
import { useDeleteFeedback, useUpdateFeedback } from '../api/feedback';
import { deleteDescription, EditedSinceShared } from './publication-status';

interface FeedbackListItemProps {
  item: FeedbackItem;
  /** The pupil's page number of each text page: the item is labelled by its page. */
  pageNumbers: number[];
  number: number;
  active: boolean;
  readOnly: boolean;
  onShowInText: (item: FeedbackItem) => void;
  onShowOnPage?: (item: FeedbackItem) => void;
}

function Section({ label, children }: { label: string; children: string }) {
  return (
    <div className="mt-3">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</p>
      <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800">{children}</p>
    </div>
  );
}

export const FeedbackListItem = forwardRef<HTMLElement, FeedbackListItemProps>(
  function FeedbackListItem(
    { item, pageNumbers, number, active, readOnly, onShowInText, onShowOnPage },
    ref,
  ) {
    const update = useUpdateFeedback(item.documentId);
    const remove = useDeleteFeedback(item.documentId);
    const editId = useId();
    const [editing, setEditing] = useState(false);
    const [draft, setDraft] = useState(item.content);
    const [confirming, setConfirming] = useState(false);
    const isAudio = item.type === 'audio' && Boolean(item.audioUrl);
    const Icon = isAudio ? Volume2 : MessageSquareText;
    const transcript = item.enhancedTranscript?.trim() || item.transcript?.trim();
    // A written item cannot be emptied; an audio item's note, or a drawing's comment, can.
    const canSave = (isAudio || Boolean(item.ink) || draft.trim().length > 0) && !update.isPending;

    const save = () =>
      update.mutate(
        { id: item.id, content: draft.trim() },
        {
          onSuccess: () => {
            toast({ title: 'Feedback Updated', description: 'Your changes were saved.' });
            setEditing(false);
          },
          onError: (error) =>
            toast({
              title: 'Feedback not updated',
              description: errorMessage(error, 'Please try again.'),
              variant: 'destructive',
            }),
        },
      );

    const confirmDelete = (event: { preventDefault: () => void }) => {
      event.preventDefault();
      remove.mutate(item.id, {
        onSuccess: () => {
          setConfirming(false);
          toast({ title: 'Feedback Deleted', description: 'The feedback item was removed.' });
        },
        onError: (error) =>
          toast({
            title: 'Feedback not deleted',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      });
    };

    return (
      <article
        ref={ref}
        tabIndex={-1}
        aria-labelledby={`feedback-${item.id}-title`}
        aria-current={active ? 'true' : undefined}
        className={cn(
          'rounded-lg border bg-white p-4 transition-shadow',
          active ? 'border-indigo-500 ring-2 ring-indigo-200' : 'border-slate-200',
        )}
      >
        <div className="flex items-center gap-2">
          <span className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-indigo-100 px-1.5 text-xs font-semibold text-indigo-800">
            {number}
          </span>
          <Icon className="size-4 text-indigo-700" aria-hidden="true" />
          <h3 id={`feedback-${item.id}-title`} className="text-sm font-semibold text-slate-900">
            {isAudio
              ? 'Audio feedback'
              : item.ink && !item.content.trim()
                ? 'Drawing'
                : 'Written feedback'}
            <span className="sr-only"> {number}</span>
          </h3>
          <span className="ml-auto text-xs text-slate-600">
            {feedbackPageLabel(item, pageNumbers)} · {formatRelativeTime(item.timestamp)}
          </span>
        </div>
        {item.highlightedText ? (
          <blockquote className="mt-3 border-l-4 border-amber-300 bg-amber-50 px-3 py-2 text-sm text-slate-800 italic">
            <span className="sr-only">About the passage: </span>“{item.highlightedText}”
          </blockquote>
        ) : null}
        {item.region ? (
          <RegionThumbnail
            region={item.region}
            cropUrl={item.regionCropUrl}
            drawing={Boolean(item.ink)}
          />
        ) : null}
        {item.region && onShowOnPage ? (
          <Button
            variant="link"
            size="sm"
            className="mt-1 text-xs"
            onClick={() => onShowOnPage(item)}
          >
            Show on the page
          </Button>
        ) : null}
        <PassageChanged status={item.anchorStatus} />
        <EditedSinceShared item={item} />
        {item.startOffset !== null ? (
          <Button
            variant="link"
            size="sm"
            className="mt-1 text-xs"
            onClick={() => onShowInText(item)}
          >
            Show in document
          </Button>
        ) : null}
        {isAudio && item.audioUrl ? (
          <AudioFeedbackButton
            clipId={`teacher-feedback-${item.id}`}
            url={item.audioUrl}
            duration={item.audioDuration}
            className="mt-3"
          />
        ) : null}
        {isAudio && transcript ? <Section label="Transcript">{transcript}</Section> : null}
        {editing ? (
          <div className="mt-3 space-y-2">
            <Label htmlFor={editId}>{isAudio ? 'Edit note' : 'Edit feedback'}</Label>
            <Textarea
              id={editId}
              value={draft}
              maxLength={5000}
              onChange={(event) => setDraft(event.target.value)}
            />
            <div className="flex gap-2">
              <Button size="sm" onClick={save} disabled={!canSave}>
                {update.isPending ? 'Saving…' : 'Save'}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : item.content ? (
          isAudio ? (
            <Section label="Note">{item.content}</Section>
          ) : (
            <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800">{item.content}</p>
          )
        ) : null}
        {readOnly || editing ? null : (
          <div className="mt-3 flex gap-4">
            <Button
              variant="link"
              size="sm"
              aria-label={`Edit feedback ${number}`}
              onClick={() => {
                setDraft(item.content);
                setEditing(true);
              }}
            >
              Edit
            </Button>
            <Button
              variant="link"
              size="sm"
              aria-label={`Delete feedback ${number}`}
              className="text-red-700"
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          </div>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete this feedback?"
          description={deleteDescription(item, isAudio)}
          pending={remove.isPending}
          onConfirm={confirmDelete}
        />
      </article>
    );
  },
);

/**
 * The pupil's text was read again (a better extraction, say) and this item's passage is
 * no longer there word for word: the teacher checks it rather than trusting a highlight
 * that may sit on other words.
 */
function PassageChanged({ status }: { status: FeedbackItem['anchorStatus'] }) {
  if (status !== 'approximate' && status !== 'missing') return null;
  return (
    <p
      data-passage-changed={status}
      className="mt-2 rounded-md border border-orange-300 bg-orange-50 px-3 py-2 text-xs text-orange-900"
    >
      <strong className="font-semibold">This passage changed.</strong>{' '}
      {status === 'approximate'
        ? 'The text was read again and these words were found only approximately: check the highlight.'
        : 'The text was read again and these words are no longer in it, so nothing is highlighted.'}
    </p>
  );
}
