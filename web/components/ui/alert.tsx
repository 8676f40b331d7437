import { cn } from '@web/lib/cn';
import { CircleCheck, CircleExclamationPoint, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

type AlertTone = 'success' | 'error' | 'info' | 'warning';

const tones: Record<AlertTone, { box: string; icon: typeof Info }> = {
  success: { box: 'border-green-200 bg-green-50 text-green-800', icon: CircleCheck },
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: CircleExclamationPoint },
  info: { box: 'border-indigo-200 bg-indigo-50 text-indigo-800', icon: Info },
  warning: { box: 'border-amber-300 bg-amber-50 text-amber-900', icon: TriangleAlert },
};

/** An inline message: errors are announced assertively, everything else politely. */
export function Alert({
  tone,
  children,
  className,
}: {
  tone: AlertTone;
  children: ReactNode;
  className?: string;
}) {
  const { box, icon: Icon } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm', box, className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
