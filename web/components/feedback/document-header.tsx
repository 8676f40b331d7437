import { Button } from '@web/components/ui/button';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';

interface DocumentHeaderProps {
  title: string;
  author: string;
  /** Lines under the author: who gave the feedback, until when the link works. */
  details?: ReactNode;
  /** Buttons beside Print, e.g. Download or the original file. */
  actions?: ReactNode;
}

/** Title, "by {author}", and Print: the top of a document shown with its feedback. */
export function DocumentHeader({ title, author, details, actions }: DocumentHeaderProps) {
  return (
    <header className="mb-6 flex flex-col gap-4 md:flex-row md:items-start md:justify-between print:mb-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
          {title}
        </h1>
        <p className="mt-1 text-base text-slate-700">by {author}</p>
        {details ? <div className="mt-2 space-y-1 text-sm text-slate-600">{details}</div> : null}
      </div>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
        {actions}
      </div>
    </header>
  );
}
