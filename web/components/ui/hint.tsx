import { cn } from '@web/lib/cn';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** A tooltip waits 700 ms under the pointer. */
export const HINT_DELAY_MS = 700;

/**
 * A focusable piece of text with a short description that appears beside it: 700 ms after
 * a mouse rests on it, at once on keyboard focus. It stays while the pointer is on the
 * text or on the description itself, and Escape hides it (WCAG 1.4.13). A touch shows
 * nothing, as with Radix's tooltip.
 *
 * Radix Tooltip did this before, with its positioning engine: ≈ 13 KiB of gzipped code on
 * every teacher page, loaded before the first paint, for one description in the header.
 * A description placed under its text needs none of that.
 */
export function Hint({
  hint,
  className,
  children,
}: {
  hint: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancelTimer = () => clearTimeout(timer.current);
  const hide = () => {
    cancelTimer();
    setOpen(false);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    // The description is inside this wrapper, so the pointer can move onto it and read it.
    <span
      className="relative inline-flex"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        cancelTimer();
        timer.current = setTimeout(() => setOpen(true), HINT_DELAY_MS);
      }}
      onPointerLeave={hide}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: focus only shows the hint; the text does nothing. */}
      <span
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users need a focus target to read the hint.
        tabIndex={0}
        className={className}
        aria-describedby={open ? id : undefined}
        onFocus={() => setOpen(true)}
        onBlur={hide}
      >
        {children}
      </span>
      {open ? (
        // Padding, not margin, between text and description: no gap for the pointer to fall into.
        <span className="absolute top-full left-0 z-50 pt-1.5">
          <span
            role="tooltip"
            id={id}
            className={cn(
              'block w-max max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-md',
              'animate-[fade-in_150ms_ease-out]',
            )}
          >
            {hint}
          </span>
        </span>
      ) : null}
    </span>
  );
}
