import { drawingLabel } from '@contract/ink';
// The module itself, not the regions barrel, which would bring the drawing overlay along.
import { RegionThumbnail } from '@web/components/regions/region-thumbnail';
import { cn } from '@web/lib/cn';
import { MessageSquareText, Volume2 } from 'lucide-react';
import { forwardRef, type ReactNode } from 'react';
import { AudioFeedbackButton } from './audio-feedback-button';
import { type FeedbackEntry, noteOf, transcriptOf } from './feedback-entry';

function LabelledText({ label, children }: { label: string; children: string }) {
  return (
    <div className="mt-3">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</p>
      <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800">{children}</p>
    </div>
  );
}

interface FeedbackCardProps {
  entry: FeedbackEntry;
  /** Shown as "1", "2" …, matching the numbers beside the highlights. */
  number?: number;
  /** Where the item is, e.g. "Page 3" (contract/pupil-pages.ts); none when not shown. */
  pageLabel?: string | null;
  selected?: boolean;
  /** Unique on the page; defaults to the item id. */
  clipId?: string;
  headingLevel?: 'h3' | 'h4';
  action?: ReactNode;
}

/** One piece of teacher feedback: the quoted passage, then the written or spoken comment. */
export const FeedbackCard = forwardRef<HTMLElement, FeedbackCardProps>(function FeedbackCard(
  {
    entry,
    number,
    pageLabel = null,
    selected = false,
    clipId,
    headingLevel: Heading = 'h3',
    action,
  },
  ref,
) {
  const isAudio = entry.type === 'audio' && Boolean(entry.audioUrl);
  const Icon = isAudio ? Volume2 : MessageSquareText;
  const transcript = isAudio ? transcriptOf(entry) : null;
  const note = isAudio ? noteOf(entry) : null;
  return (
    <article
      ref={ref}
      tabIndex={-1}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'rounded-lg border bg-white p-4 outline-none transition-shadow break-inside-avoid',
        selected ? 'border-indigo-500 ring-2 ring-indigo-200' : 'border-slate-200',
      )}
    >
      <div className="flex items-center gap-2">
        {number !== undefined ? (
          <span className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-indigo-100 px-1.5 text-xs font-semibold text-indigo-800">
            {number}
          </span>
        ) : null}
        <Icon className="size-4 text-indigo-700" aria-hidden="true" />
        <Heading className="text-sm font-semibold text-slate-900">
          {isAudio
            ? 'Audio feedback'
            : (entry.ink || entry.drawingPage) && !entry.content.trim()
              ? 'Drawing'
              : 'Written feedback'}
          {number !== undefined ? <span className="sr-only"> {number}</span> : null}
        </Heading>
        {pageLabel ? <span className="ml-auto text-xs text-slate-600">{pageLabel}</span> : null}
      </div>
      {entry.highlightedText ? (
        <blockquote className="mt-3 border-l-4 border-amber-300 bg-amber-50 px-3 py-2 text-sm text-slate-800 italic [print-color-adjust:exact]">
          <span className="sr-only">About the passage: </span>“{entry.highlightedText}”
        </blockquote>
      ) : null}
      {entry.region ? (
        <RegionThumbnail
          region={entry.region}
          cropUrl={entry.regionCropUrl}
          drawing={Boolean(entry.ink)}
        />
      ) : entry.drawingPage ? (
        <p className="mt-3 text-xs font-medium text-slate-700">{drawingLabel(entry.drawingPage)}</p>
      ) : null}
      {isAudio && entry.audioUrl ? (
        <>
          <AudioFeedbackButton
            clipId={clipId ?? `feedback-${entry.id}`}
            url={entry.audioUrl}
            duration={entry.audioDuration}
            className="mt-3 print:hidden"
          />
          {note ? <LabelledText label="Teacher's note">{note}</LabelledText> : null}
          {transcript ? <LabelledText label="Transcript">{transcript}</LabelledText> : null}
        </>
      ) : entry.content ? (
        <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800">{entry.content}</p>
      ) : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </article>
  );
});
