import { Hint } from '@web/components/ui/hint';
import { Input } from '@web/components/ui/input';
import { formatClock, formatLongDate } from '@web/lib/format';
import { Clock, KeyRound, Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { useClassroomPhraseContext } from './classroom-phrase';

const CLOCK_REFRESH_MS = 60_000;

interface PageHeaderProps {
  title: string;
  /** Defaults to today's date in long form. */
  subtitle?: ReactNode;
  showSearch?: boolean;
  /**
   * Called with the search text on every change. Without it the box searches the teacher's
   * documents from any page: Enter opens the documents list filtered by the text.
   */
  onSearch?: (query: string) => void;
  /** The text the box starts with (e.g. a search carried over from another page). */
  searchDefault?: string;
  searchLabel?: string;
  /** Overrides the shell's phrase; nothing is shown while it is empty or loading. */
  classroomPhrase?: string | null;
  actions?: ReactNode;
}

function useNow(refreshMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);
  return now;
}

export function PageHeader({
  title,
  subtitle,
  showSearch = true,
  onSearch,
  searchLabel,
  searchDefault,
  classroomPhrase,
  actions,
}: PageHeaderProps) {
  const now = useNow(CLOCK_REFRESH_MS);
  const searchId = useId();
  const [, navigate] = useLocation();
  const searchesDocuments = onSearch === undefined;
  const label = searchLabel ?? (searchesDocuments ? 'Search documents' : 'Search');
  const phraseFromShell = useClassroomPhraseContext();
  const phrase = classroomPhrase === undefined ? phraseFromShell : classroomPhrase;

  return (
    <header className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle ?? formatLongDate(now)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:gap-3 lg:justify-end">
        {phrase ? (
          <Hint
            hint="Your classroom passphrase - students use this to access assignments"
            className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1.5 font-mono text-xs font-medium text-indigo-800 ring-1 ring-indigo-200 ring-inset"
          >
            <KeyRound className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Classroom passphrase: </span>
            {phrase}
          </Hint>
        ) : null}
        <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200 ring-inset">
          <Clock className="size-4 text-slate-600" aria-hidden="true" />
          <span className="sr-only">Current time </span>
          <time dateTime={now.toISOString()}>{formatClock(now)}</time>
        </span>
        {showSearch ? (
          <search aria-label={label} className="w-full sm:w-64">
            <form
              className="relative"
              onSubmit={(event) => {
                event.preventDefault();
                if (!searchesDocuments) return;
                const text = new FormData(event.currentTarget).get('q')?.toString().trim() ?? '';
                navigate(
                  text ? `/teacher/documents?q=${encodeURIComponent(text)}` : '/teacher/documents',
                );
              }}
            >
              <label htmlFor={searchId} className="sr-only">
                {label}
              </label>
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
                aria-hidden="true"
              />
              <Input
                id={searchId}
                name="q"
                type="search"
                placeholder="Search..."
                defaultValue={searchDefault}
                className="pl-9"
                onChange={(event) => onSearch?.(event.target.value)}
              />
            </form>
          </search>
        ) : null}
        {/* The page's own buttons stay together: when the row is too narrow they move down
            as one group, never leaving one button alone on a line of its own. */}
        {actions ? (
          <div className="flex shrink-0 items-center gap-2 sm:gap-3">{actions}</div>
        ) : null}
      </div>
    </header>
  );
}
