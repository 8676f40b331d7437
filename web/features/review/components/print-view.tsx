import type { FeedbackItem } from '@contract/feedback';
import { PrintableDocument } from '@web/components/feedback/printable-document';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';

interface PrintViewProps {
  title: string;
  author: string;
  pages: string[];
  items: FeedbackItem[];
  onDone: () => void;
}

// On paper only this view shows: the shell (sidebar, header) and dialogs are left out.
const PRINT_CSS = `
@media print { body > :not(.cv-print-root) { display: none !important; } }
@media screen { .cv-print-root { display: none; } }
`;

/**
 * A print-friendly copy of the whole document (every page, highlights numbered) and its
 * feedback, mounted beside the app while the browser prints it.
 */
export function PrintView({ title, author, pages, items, onDone }: PrintViewProps) {
  useEffect(() => {
    window.addEventListener('afterprint', onDone);
    // Let the view render before the print dialog takes its snapshot.
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', onDone);
    };
  }, [onDone]);

  return createPortal(
    <div className="cv-print-root p-8 text-slate-900">
      <style>{PRINT_CSS}</style>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mb-6 text-sm text-slate-700">by {author}</p>
      <PrintableDocument pages={pages} entries={items} />
    </div>,
    document.body,
  );
}
