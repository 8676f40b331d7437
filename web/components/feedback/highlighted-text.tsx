import { cn } from '@web/lib/cn';
import type { MouseEvent } from 'react';
import { type Highlight, segmentPage } from './highlights';

interface HighlightedTextProps {
  text: string;
  highlights: Highlight[];
  selectedId?: number | null;
  /** Without it the text is static, as on paper. */
  onSelect?: (id: number) => void;
  className?: string;
}

/**
 * A page of a pupil's work with its commented passages marked. The text is rendered as
 * React text, never as HTML: it comes from an uploaded file. Mouse users click a marked
 * passage; keyboard and screen-reader users get a numbered button after each passage.
 */
export function HighlightedText({
  text,
  highlights,
  selectedId = null,
  onSelect,
  className,
}: HighlightedTextProps) {
  const segments = segmentPage(text, highlights);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!onSelect) return;
    const mark = (event.target as HTMLElement).closest<HTMLElement>('mark[data-feedback-id]');
    if (mark) onSelect(Number(mark.dataset.feedbackId));
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: each passage has a numbered button for the keyboard; this is the mouse shortcut.
    // biome-ignore lint/a11y/noStaticElementInteractions: as above, clicks on the marks inside are a convenience only.
    <div
      className={cn(
        // Single-spaced: paragraphs are the blank lines between them, as the reflowed text has.
        'text-base leading-normal break-words whitespace-pre-wrap text-slate-900',
        className,
      )}
      onClick={onClick}
    >
      {segments.map((segment, index) => {
        const key = `${index}-${segment.highlightId ?? 'plain'}`;
        if (segment.endsHighlight) {
          const { id, number } = segment.endsHighlight;
          return onSelect ? (
            <button
              key={key}
              type="button"
              onClick={() => onSelect(id)}
              aria-pressed={selectedId === id}
              aria-label={`Feedback ${number}`}
              className={cn(
                'mx-0.5 inline-flex h-5 min-w-5 -translate-y-1.5 items-center justify-center rounded-full px-1 align-baseline',
                'text-[0.7rem] leading-none font-semibold',
                selectedId === id
                  ? 'bg-indigo-700 text-white'
                  : 'bg-indigo-100 text-indigo-800 hover:bg-indigo-200',
              )}
            >
              {number}
            </button>
          ) : (
            <sup key={key} className="mx-0.5 text-xs font-semibold text-indigo-800">
              [{number}]
            </sup>
          );
        }
        if (segment.highlightId === null) return <span key={key}>{segment.text}</span>;
        const selected = selectedId !== null && segment.coveredBy.includes(selectedId);
        return (
          <mark
            key={key}
            data-feedback-id={segment.highlightId}
            className={cn(
              'text-slate-900 [print-color-adjust:exact] print:underline',
              onSelect && 'cursor-pointer',
              selected ? 'bg-amber-300' : 'bg-amber-100 hover:bg-amber-200',
            )}
          >
            {segment.text}
          </mark>
        );
      })}
    </div>
  );
}
