import { cn } from '@web/lib/cn';

/** The Classroom Voice mark: a sound wave in the primary colour. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path
        d="M9 13v6M13 10v12M17 8v16M21 11v10M25 14v4"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function BrandName({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <BrandMark />
      <span className="text-lg font-semibold tracking-tight text-slate-900">Classroom Voice</span>
    </span>
  );
}
