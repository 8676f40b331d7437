import { lazy, Suspense } from 'react';
import { ImagePage } from './image-page';
import type { PageViewProps } from './types';

// pdf.js (about 400 KB) and its worker load only when someone chooses the page view.
const PdfPages = lazy(() => import('./pdf/pdf-pages'));

/**
 * The pupil's file as handed in: a PDF's pages (drawn by pdf.js, words selectable) or a
 * photo. Beside the text view, never instead of it: the text view is what screen readers,
 * exports and anchoring use; passages and highlights are the same in both.
 */
export function PageView(props: PageViewProps) {
  if (props.source.kind === 'image') {
    return (
      <section aria-label={props.label} className={props.eager ? '' : 'bg-slate-100 p-3 sm:p-5'}>
        <div className="cv-page-list mx-auto max-w-3xl">
          <ImagePage
            url={props.source.url}
            label={props.label}
            renderPageOverlay={props.renderPageOverlay}
            onRendered={props.onRendered}
          />
        </div>
      </section>
    );
  }
  return (
    <Suspense
      fallback={
        <p role="status" className="p-5 text-sm text-slate-700">
          Loading the pages…
        </p>
      }
    >
      <PdfPages {...props} />
    </Suspense>
  );
}
