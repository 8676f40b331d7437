import { cn } from '@web/lib/cn';
import { X } from 'lucide-react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { dismissToast, type ToastItem, useToasts } from './use-toast';

// Loaded with the first toast only (web/app/providers.tsx): screens raise toasts through
// ./use-toast, which is tiny, and never import this module. Written for the app rather than
// taken from Radix Toast, which cost a pupil's page 13.5 KiB (gzip) for one message.

/** Shown for 5000 ms, dismissed by a swipe right past 50 px. */
const DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/**
 * Renders the toast store. Two live regions that are always in the page, so a screen reader
 * hears a message inserted into them: errors assertively, the rest politely. F8 moves focus
 * to the notifications (as it did with Radix); Escape inside one closes it. The container is
 * capped at 420 px from the md breakpoint.
 */
export function Toaster() {
  const toasts = useToasts();
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        const close = region.current?.querySelector<HTMLElement>('button');
        (close ?? region.current)?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const of = (variant: 'polite' | 'assertive') =>
    toasts
      .filter((item) => (item.variant === 'destructive') === (variant === 'assertive'))
      .map((item) => <Toast key={item.id} item={item} />);

  return (
    /*
      Phones (and tablets, which show the bottom bar): at the top, clear of the bottom bar and
      of whatever sits at the foot of the page. Wider: bottom right, lifted above any bar a
      page pins to the bottom (the review footer) so no action is ever covered.
    */
    <section
      ref={region}
      aria-label="Notifications (F8)"
      tabIndex={-1}
      className="pointer-events-none fixed top-0 right-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none md:top-auto md:bottom-[var(--toast-clearance,0px)] md:max-w-[420px]"
    >
      <div role="alert" aria-atomic="true" className="flex flex-col gap-2">
        {of('assertive')}
      </div>
      <div role="status" aria-atomic="true" className="flex flex-col gap-2">
        {of('polite')}
      </div>
    </section>
  );
}

function Toast({ item }: { item: ToastItem }) {
  const { id, title, description, variant = 'default', open } = item;
  const [paused, setPaused] = useState(false);
  const [dragX, setDragX] = useState(0);
  const dragStart = useRef<number | null>(null);

  // Counted while shown and not held: hovering, focusing or dragging it stops the clock,
  // and leaving starts a fresh 5 s, so nobody loses a message they are reading.
  useEffect(() => {
    if (!open || paused) return;
    const timer = setTimeout(() => dismissToast(id), DURATION_MS);
    return () => clearTimeout(timer);
  }, [id, open, paused]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    dragStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragStart.current !== null) setDragX(Math.max(0, event.clientX - dragStart.current));
  };
  const onPointerUp = () => {
    if (dragStart.current === null) return;
    dragStart.current = null;
    if (dragX > SWIPE_THRESHOLD_PX) dismissToast(id);
    else setDragX(0);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the pointer handlers are the swipe and the hover pause; by keyboard, Escape and the Close button dismiss it.
    <div
      data-state={open ? 'open' : 'closed'}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismissToast(id);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        dragStart.current = null;
        setDragX(0);
      }}
      style={dragX ? { transform: `translateX(${dragX}px)`, transition: 'none' } : undefined}
      className={cn(
        'toast-root pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 overflow-hidden',
        'rounded-xl border p-4 pr-10 shadow-lg transition-transform',
        'data-[state=open]:animate-[toast-in_180ms_ease-out] data-[state=closed]:animate-[toast-out_150ms_ease-in_forwards]',
        variant === 'destructive'
          ? 'border-red-700 bg-red-700 text-white'
          : 'border-slate-200 bg-white text-slate-900',
      )}
    >
      <div className="grid gap-1">
        <div className="text-sm font-semibold">{title}</div>
        {description ? (
          <div
            className={cn('text-sm', variant === 'destructive' ? 'text-red-50' : 'text-slate-600')}
          >
            {description}
          </div>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={() => dismissToast(id)}
        className={cn(
          'absolute top-3 right-3 rounded-md p-1',
          variant === 'destructive'
            ? 'text-red-50 hover:bg-red-800 focus-visible:outline-white'
            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        )}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
