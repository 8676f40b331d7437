import { cn } from '@web/lib/cn';
import { X } from 'lucide-react';

interface DismissButtonProps {
  label: string;
  onClick: () => void;
  /** 'inverse' for use on the dark welcome banner. */
  tone?: 'default' | 'inverse';
}

export function DismissButton({ label, onClick, tone = 'default' }: DismissButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        'rounded-md p-1',
        tone === 'inverse'
          ? 'text-white hover:bg-indigo-800 focus-visible:outline-white'
          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      <X className="size-4" aria-hidden="true" />
    </button>
  );
}
