import { cn } from '@web/lib/cn';
import type { HTMLAttributes } from 'react';

export type BadgeTone = 'neutral' | 'blue' | 'green' | 'yellow' | 'red' | 'indigo';

// Text shades are 700/800 on 50 backgrounds so every tone clears WCAG AA.
const tones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  green: 'bg-green-50 text-green-800 ring-green-200',
  yellow: 'bg-amber-50 text-amber-800 ring-amber-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
  indigo: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
};

export function Badge({
  tone = 'neutral',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
