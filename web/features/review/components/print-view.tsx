import type { FeedbackItem } from '@contract/feedback';
import { PrintableDocument } from '@web/components/feedback/printable-document';
import { type PageSource, PageView, pageHighlights } from '@web/components/page-view';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';

interface PrintViewProps {
  /** The reflowed text view, or the pupil's pages as handed in. */
  what: 'text' | PageSource;
  title: string;
  author: string;
  pages: string[];
  /** The pupil's page number of each text page (contract/pupil-pages.ts). */
  pageNumbers: number[];
  items: FeedbackItem[];
  onDone: () => void;
}

// On paper only this view shows: the shell (sidebar, header) and dialogs are left out. The
// pages as handed in are drawn off screen first (a canvas needs a width to be drawn at), at
// the width they print at, so nothing is redrawn as the print starts: 560 px keeps an A4
// page with the title above it on one sheet.
const PRINT_CSS = `
@media print { body > :not(.cv-print-root) { display: none !important; } }
@media screen {
  .cv-print-root { display: none; }
  .cv-print-root.cv-print-pages { display: block; position: fixed; top: 0; left: -10000px; width: 720px; visibility: hidden; }
}
.cv-print-pages .cv-page-list { width: 560px; max-width: 100%; }
@media print { .cv-print-pages [data-page-number] { break-inside: avoid; margin-bottom: 12px; box-shadow: none; } }
`;

/**
 * A print-friendly copy of the whole document (every page, highlights numbered) and its
 * feedback, mounted beside the app while the browser prints it. The teacher chooses the
 * reflowed text or the pages as handed in (a PDF's pages or the photo, highlights drawn).
 */
export function PrintView({
  what,
  title,
  author,
  pages,
  pageNumbers,
  items,
  onDone,
}: PrintViewProps) {
  // The text prints at once; pages wait until pdf.js has drawn every one of them.
  const [ready, setReady] = useState(what === 'text');
  const highlights = useMemo(() => pageHighlights(items), [items]);

  useEffect(() => {
    if (!ready) return;
    window.addEventListener('afterprint', onDone);
    // Let the view render before the print dialog takes its snapshot.
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', onDone);
    };
  }, [ready, onDone]);

  return createPortal(
    <div
      className={`cv-print-root p-8 text-slate-900 ${what === 'text' ? '' : 'cv-print-pages'}`}
      data-print-ready={ready ? '' : undefined}
    >
      <style>{PRINT_CSS}</style>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mb-6 text-sm text-slate-700">by {author}</p>
      {what === 'text' ? null : (
        <PageView
          source={what}
          label={`Pages of ${title}`}
          textPages={pages}
          highlights={highlights}
          eager
          onRendered={() => setReady(true)}
        />
      )}
      <PrintableDocument
        pages={pages}
        pageNumbers={pageNumbers}
        entries={items}
        withText={what === 'text'}
      />
    </div>,
    document.body,
  );
}
