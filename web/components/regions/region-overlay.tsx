import type { Region } from '@contract/feedback';
import type { Ink } from '@contract/ink';
import { InkSvg } from '@web/components/ink/ink-paths';
import type { PageOverlayInfo } from '@web/components/page-view';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { SquareDashed } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { type Box, bigEnough, boxBetween, boxStyle, nudge, pointIn, settle } from './geometry';

/** A feedback item's region, numbered as in the feedback list. */
export interface RegionMark {
  id: number;
  number: number;
  type: 'text' | 'audio';
  region: Region;
  /** A drawing's strokes: drawn as they are, the region is only where it is clicked. */
  ink?: Ink | null;
}

interface RegionOverlayProps {
  page: PageOverlayInfo;
  marks: RegionMark[];
  activeId?: number | null;
  /** The region the composer is open for, drawn dashed until saved. */
  draft?: Region | null;
  /** The teacher may draw here: a photo or a PDF page with no text layer, not yet reviewed. */
  drawable?: boolean;
  onDraw?: (region: Region, overlay: HTMLElement) => void;
  onMarkClick?: (id: number) => void;
}

/** The box was asked for by the button it replaces: focus moves to it. */
const focusOnMount = (element: HTMLDivElement | null) => {
  if (element && document.activeElement !== element) element.focus({ preventScroll: true });
};

const KEYBOARD_START: Box = { x: 0.35, y: 0.35, width: 0.3, height: 0.2 };

/**
 * Regions over one page: each item's rectangle (a button that selects the item), and for
 * the teacher a way to mark a new one, by dragging (mouse, pen or finger) or by keyboard
 * ("Mark a region": arrows move, Shift+arrows resize, Enter confirms, Escape cancels).
 */
export function RegionOverlay({
  page,
  marks,
  activeId,
  draft,
  drawable = false,
  onDraw,
  onMarkClick,
}: RegionOverlayProps) {
  const layer = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const [dragging, setDragging] = useState<Box | null>(null);
  const [keyboardBox, setKeyboardBox] = useState<Box | null>(null);
  const helpId = useId();
  const here = marks.filter((mark) => mark.region.page === page.pageNumber);
  const inks = here.flatMap((mark) => (mark.ink ? [mark.ink] : []));
  const draftHere = draft && draft.page === page.pageNumber ? draft : null;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!drawable || event.target !== event.currentTarget || event.button > 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = pointIn(event.currentTarget, event);
    setDragging(boxBetween(start.current, start.current));
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    setDragging(boxBetween(start.current, pointIn(event.currentTarget, event)));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const box = boxBetween(start.current, pointIn(event.currentTarget, event));
    start.current = null;
    setDragging(null);
    if (bigEnough(box) && layer.current) onDraw?.(settle(box, page.pageNumber), layer.current);
  };
  const onPointerCancel = () => {
    start.current = null;
    setDragging(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!keyboardBox) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (layer.current) onDraw?.(settle(keyboardBox, page.pageNumber), layer.current);
      setKeyboardBox(null);
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setKeyboardBox(null);
      return;
    }
    const next = nudge(keyboardBox, event.key, event.shiftKey);
    if (next) {
      event.preventDefault();
      setKeyboardBox(next);
    }
  };

  return (
    <div
      ref={layer}
      data-region-layer={page.pageNumber}
      className={cn(
        'absolute inset-0',
        drawable && 'pointer-events-auto cursor-crosshair touch-none select-none',
      )}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      {inks.length > 0 ? <InkSvg inks={inks} width={page.width} height={page.height} /> : null}
      {here.map((mark) => (
        <button
          key={mark.id}
          type="button"
          data-region-for={mark.id}
          data-ink={mark.ink ? '' : undefined}
          aria-label={`Feedback ${mark.number}: ${mark.ink ? 'drawing' : 'region'} on page ${page.pageNumber}`}
          aria-current={activeId === mark.id ? 'true' : undefined}
          onClick={() => onMarkClick?.(mark.id)}
          className={cn(
            'pointer-events-auto absolute rounded-sm border-[3px] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-700',
            // A drawing shows its own ink: its box is only the place to click, outlined
            // when pointed at or chosen.
            mark.ink
              ? 'border-transparent hover:border-dashed hover:border-indigo-600'
              : mark.type === 'audio'
                ? 'border-sky-700 bg-sky-400/15'
                : 'border-orange-600 bg-orange-300/15',
            activeId === mark.id && 'ring-4 ring-indigo-500/70',
          )}
          style={boxStyle(mark.region)}
        >
          <span className="absolute -top-3 -left-3 inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-indigo-800 px-1.5 text-xs font-semibold text-white shadow">
            {mark.number}
          </span>
        </button>
      ))}
      {draftHere ? (
        <div
          data-region-draft
          className="absolute rounded-sm border-[3px] border-dashed border-indigo-700 bg-indigo-400/20"
          style={boxStyle(draftHere)}
        />
      ) : null}
      {dragging ? (
        <div
          className="absolute border-2 border-dashed border-indigo-700 bg-indigo-400/20"
          style={boxStyle(dragging)}
        />
      ) : null}
      {drawable ? (
        keyboardBox ? (
          <div
            // The box takes the arrow keys itself: an application, in a screen reader's terms.
            role="application"
            aria-roledescription="movable region"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: it takes the arrow keys, so it takes focus.
            tabIndex={0}
            ref={focusOnMount}
            aria-label={`New region on page ${page.pageNumber}`}
            aria-describedby={helpId}
            onKeyDown={onKeyDown}
            onBlur={() => setKeyboardBox(null)}
            className="pointer-events-auto absolute border-[3px] border-dashed border-indigo-700 bg-indigo-400/25 outline-none focus-visible:ring-4 focus-visible:ring-indigo-500"
            style={boxStyle(keyboardBox)}
          >
            <span
              id={helpId}
              className="absolute top-full left-0 mt-1 w-max max-w-64 rounded bg-slate-900 px-2 py-1 text-xs text-white"
            >
              Arrow keys move the region, Shift and arrow keys resize it, Enter confirms, Escape
              cancels.
            </span>
          </div>
        ) : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="pointer-events-auto absolute top-2 left-2 bg-white/95 shadow-sm"
            onClick={() => setKeyboardBox(KEYBOARD_START)}
          >
            <SquareDashed aria-hidden="true" />
            Mark a region<span className="sr-only"> on page {page.pageNumber}</span>
          </Button>
        )
      ) : null}
    </div>
  );
}
