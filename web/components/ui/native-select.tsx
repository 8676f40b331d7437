import { cn } from '@web/lib/cn';
import { ChevronDown } from 'lucide-react';
import { forwardRef, type SelectHTMLAttributes } from 'react';

/**
 * The browser's own select, styled like Input. Chosen over a custom listbox for pupil
 * forms: phones show their native picker, and it works with every screen reader.
 */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function NativeSelect({ className, children, ...props }, ref) {
    return (
      <div className="relative">
        <select
          ref={ref}
          className={cn(
            'block h-10 w-full appearance-none rounded-lg border border-slate-300 bg-white pr-9 pl-3',
            'text-sm text-slate-900 shadow-sm focus-visible:border-indigo-600',
            'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600',
            'disabled:cursor-not-allowed disabled:bg-slate-100',
            'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600',
            className,
          )}
          {...props}
        >
          {children}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600"
          aria-hidden="true"
        />
      </div>
    );
  },
);
