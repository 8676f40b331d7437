import { cn } from '@web/lib/cn';
import { forwardRef, type InputHTMLAttributes } from 'react';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function Input({ className, type = 'text', ...props }, ref) {
    return (
      <input
        ref={ref}
        type={type}
        className={cn(
          'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900',
          'shadow-sm placeholder:text-slate-500 focus-visible:border-indigo-600',
          'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600',
          'disabled:cursor-not-allowed disabled:bg-slate-100',
          'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600',
          className,
        )}
        {...props}
      />
    );
  },
);
