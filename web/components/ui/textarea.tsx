import { cn } from '@web/lib/cn';
import { forwardRef, type TextareaHTMLAttributes } from 'react';

/** A multi-line text box styled like Input. */
export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea({ className, rows = 3, ...props }, ref) {
  return (
    <textarea
      ref={ref}
      rows={rows}
      className={cn(
        'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900',
        'shadow-sm placeholder:text-slate-500 focus-visible:border-indigo-600',
        'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600',
        'disabled:cursor-not-allowed disabled:bg-slate-100',
        'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600',
        className,
      )}
      {...props}
    />
  );
});
