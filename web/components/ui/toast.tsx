import * as ToastPrimitive from '@radix-ui/react-toast';
import { cn } from '@web/lib/cn';
import { X } from 'lucide-react';
import { dismissToast, useToasts } from './use-toast';

// Radix Toast is loaded with the first toast only (web/app/providers.tsx): screens raise
// toasts through ./use-toast, which is tiny, and never import this module.

/**
 * Renders the toast store. Spec §9: 5000 ms, swipe right past 50 px, F8 focuses the region
 * (Radix's default hotkey), container capped at 420 px from the md breakpoint.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant = 'default', open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'toast-root pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden',
            'rounded-xl border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-[toast-in_180ms_ease-out] data-[state=closed]:animate-[toast-out_150ms_ease-in_forwards]',
            variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
            {description ? (
              <ToastPrimitive.Description
                className={cn(
                  'text-sm',
                  variant === 'destructive' ? 'text-red-50' : 'text-slate-600',
                )}
              >
                {description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className={cn(
              'absolute top-3 right-3 rounded-md p-1',
              variant === 'destructive'
                ? 'text-red-50 hover:bg-red-800 focus-visible:outline-white'
                : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
            )}
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/*
        Phones (and tablets, which show the bottom bar): at the top, clear of the bottom bar and
        of whatever sits at the foot of the page. Wider: bottom right, lifted above any bar a
        page pins to the bottom (the review footer) so no action is ever covered.
      */}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none md:top-auto md:bottom-[var(--toast-clearance,0px)] md:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
