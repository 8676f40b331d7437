import {
  INK_WIDTHS,
  type Ink,
  type InkColour,
  type InkPoint,
  type InkStroke,
  type InkTool,
  isShape,
  MAX_POINTS_PER_STROKE,
} from '@contract/ink';
import type { PageOverlayInfo } from '@web/components/page-view';
import { type Box, boxStyle, nudge, pointIn } from '@web/components/regions/geometry';
import { Button } from '@web/components/ui/button';
import { Circle, Square } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { InkPaths } from './ink-paths';

/** A pen line keeps a point only once the pointer has moved this share of the page. */
const MIN_STEP = 0.002;
/** A shape smaller than this share of the page a side is a slip of the pointer. */
const MIN_SHAPE = 0.01;
const KEYBOARD_START: Box = { x: 0.35, y: 0.35, width: 0.3, height: 0.2 };
const round = (value: number) => Math.round(value * 10_000) / 10_000;
const pointOf = (p: { x: number; y: number }): InkPoint => [round(p.x), round(p.y)];

export const TOOL_NAMES: Record<InkTool, string> = {
  pen: 'Pen',
  highlighter: 'Highlighter',
  rectangle: 'Rectangle',
  ellipse: 'Ellipse',
  arrow: 'Arrow',
};

interface InkDrawLayerProps {
  page: PageOverlayInfo;
  tool: InkTool;
  colour: InkColour;
  /** The drawing the composer is open for (drawn on its own page until saved). */
  draft: Ink | null;
  /** A finished line or shape, with the layer it was drawn on (for the picture of it). */
  onStroke: (stroke: InkStroke, page: number, layer: HTMLElement) => void;
}

/**
 * The teacher's pen over one page: the pointer (mouse, pen or finger) draws a line or
 * drags out a shape; a rectangle or an ellipse can also be placed by keyboard ("Draw a
 * rectangle": arrows move it, Shift+arrows resize it, Enter draws it, Escape cancels).
 * While a tool is chosen the page takes the pointer (`touch-action: none`), so a finger
 * draws instead of scrolling and a drag does not select words.
 */
export function InkDrawLayer({ page, tool, colour, draft, onStroke }: InkDrawLayerProps) {
  const layer = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState<InkPoint[] | null>(null);
  const drawing = useRef<InkPoint[] | null>(null);
  const [keyboardBox, setKeyboardBox] = useState<Box | null>(null);
  const helpId = useId();
  const width = INK_WIDTHS[tool];

  const stroke = (points: InkPoint[]): InkStroke => ({ tool, colour, width, points });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.button > 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const start = pointOf(pointIn(event.currentTarget, event));
    drawing.current = [start, start];
    setLive(drawing.current);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const points = drawing.current;
    if (!points) return;
    const at = pointOf(pointIn(event.currentTarget, event));
    if (isShape(tool)) {
      drawing.current = [points[0]!, at];
    } else {
      const last = points.at(-1)!;
      if (Math.hypot(at[0] - last[0], at[1] - last[1]) < MIN_STEP) return;
      if (points.length >= MAX_POINTS_PER_STROKE) return;
      // The second point of a fresh line is its start again: it is replaced, not kept.
      drawing.current =
        points.length === 2 && points[1] === points[0] ? [points[0]!, at] : [...points, at];
    }
    setLive(drawing.current);
  };
  const finish = (event: PointerEvent<HTMLDivElement>) => {
    const points = drawing.current;
    drawing.current = null;
    setLive(null);
    if (!points) return;
    if (isShape(tool)) {
      const [[ax, ay], [bx, by]] = points as [InkPoint, InkPoint];
      const tooSmall =
        tool === 'arrow'
          ? Math.hypot(bx - ax, by - ay) < MIN_SHAPE
          : Math.abs(bx - ax) < MIN_SHAPE || Math.abs(by - ay) < MIN_SHAPE;
      if (tooSmall) return;
    }
    onStroke(stroke(points), page.pageNumber, event.currentTarget);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!keyboardBox) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      const { x, y, width: w, height: h } = keyboardBox;
      if (layer.current) {
        onStroke(
          stroke([pointOf({ x, y }), pointOf({ x: x + w, y: y + h })]),
          page.pageNumber,
          layer.current,
        );
      }
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

  const shown = draft && draft.page === page.pageNumber ? draft.strokes : [];
  const keyboardShape = tool === 'rectangle' || tool === 'ellipse';
  const ShapeIcon = tool === 'ellipse' ? Circle : Square;
  return (
    <div
      ref={layer}
      data-ink-layer={page.pageNumber}
      className="pointer-events-auto absolute inset-0 cursor-crosshair touch-none select-none"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={finish}
      onPointerCancel={() => {
        drawing.current = null;
        setLive(null);
      }}
    >
      <svg
        aria-hidden="true"
        data-ink-draft={shown.length > 0 ? '' : undefined}
        className="pointer-events-none absolute inset-0 size-full"
        viewBox={`0 0 ${page.width} ${page.height}`}
        preserveAspectRatio="none"
      >
        <InkPaths
          strokes={live ? [...shown, stroke(live)] : shown}
          width={page.width}
          height={page.height}
        />
      </svg>
      {keyboardShape ? (
        keyboardBox ? (
          <div
            // The box takes the arrow keys itself: an application, in a screen reader's terms.
            role="application"
            aria-roledescription={`movable ${tool}`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: it takes the arrow keys, so it takes focus.
            tabIndex={0}
            ref={(element) => {
              if (element && document.activeElement !== element)
                element.focus({ preventScroll: true });
            }}
            aria-label={`New ${tool} on page ${page.pageNumber}`}
            aria-describedby={helpId}
            onKeyDown={onKeyDown}
            onBlur={() => setKeyboardBox(null)}
            className={`absolute border-[3px] border-dashed border-indigo-700 bg-indigo-400/20 outline-none focus-visible:ring-4 focus-visible:ring-indigo-500 ${tool === 'ellipse' ? 'rounded-[50%]' : ''}`}
            style={boxStyle(keyboardBox)}
          >
            <span
              id={helpId}
              className="absolute top-full left-0 mt-1 w-max max-w-64 rounded bg-slate-900 px-2 py-1 text-xs text-white"
            >
              Arrow keys move the {tool}, Shift and arrow keys resize it, Enter draws it, Escape
              cancels.
            </span>
          </div>
        ) : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="absolute top-2 right-2 bg-white/95 shadow-sm"
            onClick={() => setKeyboardBox(KEYBOARD_START)}
          >
            <ShapeIcon aria-hidden="true" />
            Draw {tool === 'ellipse' ? 'an ellipse' : 'a rectangle'}
            <span className="sr-only"> on page {page.pageNumber}</span>
          </Button>
        )
      ) : null}
    </div>
  );
}

/** The unsaved drawing on its page while no tool is chosen (the composer is still open for it). */
export function InkDraftPreview({ page, draft }: { page: PageOverlayInfo; draft: Ink }) {
  if (draft.page !== page.pageNumber) return null;
  return (
    <svg
      aria-hidden="true"
      data-ink-draft=""
      className="pointer-events-none absolute inset-0 size-full"
      viewBox={`0 0 ${page.width} ${page.height}`}
      preserveAspectRatio="none"
    >
      <InkPaths strokes={draft.strokes} width={page.width} height={page.height} />
    </svg>
  );
}
