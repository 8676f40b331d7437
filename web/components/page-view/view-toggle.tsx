import { cn } from '@web/lib/cn';
import { FileImage, FileText } from 'lucide-react';

export type DocumentViewMode = 'text' | 'page';

interface ViewToggleProps {
  value: DocumentViewMode;
  onChange: (mode: DocumentViewMode) => void;
  /** Why the page view is not offered (a Word file), shown in its place. */
  pageUnavailable?: string | null;
}

const OPTIONS = [
  { mode: 'text', label: 'Text', icon: FileText },
  { mode: 'page', label: 'Page', icon: FileImage },
] as const;

/**
 * "Text" / "Page": two toggle buttons (aria-pressed), reached with Tab and pressed with
 * Enter or Space. Text is the default; Page shows the file as the pupil handed it in.
 */
export function ViewToggle({ value, onChange, pageUnavailable }: ViewToggleProps) {
  if (pageUnavailable) {
    return <p className="text-xs text-slate-600 print:hidden">{pageUnavailable}</p>;
  }
  return (
    <fieldset className="inline-flex items-center gap-1 self-start rounded-lg bg-slate-100 p-1 print:hidden">
      <legend className="sr-only">Show the document as</legend>
      {OPTIONS.map(({ mode, label, icon: Icon }) => (
        <button
          key={mode}
          type="button"
          aria-pressed={value === mode}
          onClick={() => onChange(mode)}
          className={cn(
            'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
            value === mode
              ? 'bg-white text-slate-900 shadow-sm'
              : 'text-slate-700 hover:text-slate-900',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </fieldset>
  );
}
