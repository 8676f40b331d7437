import type { FeedbackItem } from '@contract/feedback';
import { cn } from '@web/lib/cn';
import {
  Fragment,
  type MouseEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import {
  IGNORE_ATTRIBUTE,
  rangeFor,
  readSelection,
  type TextSelection,
} from '../hooks/text-offsets';
import { useKeyboardSelection } from '../hooks/use-keyboard-selection';
import { highlightsOnPage, segmentText } from './highlight-segments';

const PENDING_HIGHLIGHT = 'cv-pending-selection';

export interface Pulse {
  id: number;
  /** Changes on every request, so the same highlight can pulse again. */
  token: number;
}

interface PageTextProps {
  text: string;
  /** The text page (1-based): feedback is anchored by it. */
  pageNumber: number;
  /** Names the page for screen readers: "Page 3 of 14" (contract/pupil-pages.ts). */
  label: string;
  items: FeedbackItem[];
  activeId: number | null;
  pulse: Pulse | null;
  /** The remembered selection, shown marked after the browser's own selection is gone. */
  selection: TextSelection | null;
  /** Off in read-only mode: selecting text then does nothing. */
  selectable: boolean;
  onSelect: (selection: TextSelection) => void;
  onHighlightClick: (id: number) => void;
}

/**
 * One page of the pupil's text, rendered as React text (never as HTML: it comes from an
 * uploaded file), with feedback highlights as <mark>s. Selecting a passage, by mouse,
 * touch or Shift + arrow keys, reports it as offsets into the page string.
 */
export function PageText({
  text,
  pageNumber,
  label,
  items,
  activeId,
  pulse,
  selection,
  selectable,
  onSelect,
  onHighlightClick,
}: PageTextProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const pieces = useMemo(
    () => segmentText(text, highlightsOnPage(items, pageNumber, text)),
    [text, items, pageNumber],
  );

  const capture = useCallback(() => {
    const root = rootRef.current;
    if (!selectable || !root) return;
    const next = readSelection(root, text, pageNumber);
    // A collapsed or outside selection leaves the remembered one alone: focusing the
    // feedback box moves the browser's selection, and the passage must survive that.
    if (next) onSelect(next);
  }, [selectable, text, pageNumber, onSelect]);

  const onKeyDown = useKeyboardSelection(rootRef, capture);

  // Touch selection handles fire neither mouseup nor keyup; selectionchange covers them.
  useEffect(() => {
    if (!selectable) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(capture, 250);
    };
    document.addEventListener('selectionchange', onChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('selectionchange', onChange);
    };
  }, [selectable, capture]);

  // The CSS Custom Highlight API marks the passage without touching the DOM, which would
  // break a selection still being extended. Browsers without it show the quote in the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new pieces mean new text nodes, so the range is rebuilt.
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (
      !root ||
      typeof CSS === 'undefined' ||
      !('highlights' in CSS) ||
      typeof Highlight === 'undefined'
    ) {
      return;
    }
    if (!selection || selection.pageNumber !== pageNumber) return;
    const range = rangeFor(root, selection.start, selection.end);
    if (!range) return;
    CSS.highlights.set(PENDING_HIGHLIGHT, new Highlight(range));
    return () => {
      CSS.highlights.delete(PENDING_HIGHLIGHT);
    };
  }, [selection, pageNumber, pieces]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    // A drag that selected text ends in a click too; that is a selection, not a jump.
    if (!window.getSelection()?.isCollapsed) return;
    const mark = (event.target as HTMLElement).closest<HTMLElement>('mark[data-feedback-id]');
    if (mark) onHighlightClick(Number(mark.dataset.feedbackId));
  };

  return (
    <>
      <div
        ref={rootRef}
        role="document"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the page scrolls, and keyboard selection starts from focus here.
        tabIndex={0}
        aria-label={label}
        aria-describedby={selectable ? hintId : undefined}
        onMouseUp={capture}
        onKeyDown={onKeyDown}
        onClick={onClick}
        className="max-h-[600px] overflow-y-auto p-5 text-base leading-normal break-words whitespace-pre-wrap text-slate-900 sm:p-6"
      >
        {pieces.map((piece) => {
          if (piece.kind === 'marker') {
            const { id, number } = piece.highlight;
            return (
              <button
                key={`marker-${id}`}
                type="button"
                {...{ [IGNORE_ATTRIBUTE]: '' }}
                data-marker-for={id}
                onClick={() => onHighlightClick(id)}
                aria-label={`Feedback ${number}`}
                aria-pressed={activeId === id}
                className={cn(
                  'mx-0.5 inline-flex h-5 min-w-5 -translate-y-1.5 items-center justify-center rounded-full px-1 align-baseline select-none',
                  'text-[0.7rem] leading-none font-semibold',
                  activeId === id
                    ? 'bg-indigo-700 text-white'
                    : 'bg-indigo-100 text-indigo-800 hover:bg-indigo-200',
                )}
              >
                {number}
              </button>
            );
          }
          if (piece.ids.length === 0)
            return <Fragment key={`t-${piece.start}`}>{piece.text}</Fragment>;
          const owner = piece.ids[0] as number;
          // A run of bare line breaks has no glyphs: an outline there would float in the margin.
          const visible = piece.text.trim().length > 0;
          const pulsing = visible && pulse !== null && piece.ids.includes(pulse.id);
          return (
            <mark
              key={`m-${piece.start}-${pulsing ? pulse.token : 0}`}
              data-feedback-id={owner}
              className={cn(
                'cursor-pointer rounded-sm text-slate-900',
                piece.ids.length > 1 ? 'bg-amber-300' : 'bg-amber-200',
                visible &&
                  activeId !== null &&
                  piece.ids.includes(activeId) &&
                  'outline-2 outline-amber-700',
                pulsing && 'highlight-pulse',
              )}
            >
              {piece.text}
            </mark>
          );
        })}
      </div>
      {selectable ? (
        <p id={hintId} className="border-t border-slate-200 px-5 py-2 text-xs text-slate-600">
          Select a passage to add feedback. With a keyboard: focus the text, then use Shift and the
          arrow keys (add Ctrl or Alt for whole words).
        </p>
      ) : null}
    </>
  );
}
