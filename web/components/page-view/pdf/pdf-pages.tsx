import { Alert } from '@web/components/ui/alert';
import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type PdfLetters, pdfLetters, textLetters, textToPdf } from '../passage-map';
import type { PageViewProps } from '../types';
import { type PageMark, PdfPage, type TextSource } from './pdf-page';
import { readPdfSelection } from './pdf-selection';
import './text-layer.css';

// This module is its own chunk, loaded only when a reader chooses the page view; so is the
// worker, which the browser fetches from our own origin (CSP worker-src falls back to 'self').
GlobalWorkerOptions.workerSrc = workerUrl;

type Size = { width: number; height: number };

/** A promise and the function that settles it. */
function signal() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The items pdf.js reads from a page, as strings in order (each is one span of the text layer). */
const itemStrings = (content: Awaited<ReturnType<PDFPageProxy['getTextContent']>>) =>
  content.items.flatMap((item) => ('str' in item ? [item.str] : []));

/**
 * A PDF as handed in: every page a canvas of the page with pdf.js's text layer over it
 * (its words selectable), drawn only when near the viewport. Selections and feedback
 * highlights are carried to and from the text view by their letters (passage-map.ts).
 */
export default function PdfPages({
  source,
  label,
  textPages,
  highlights = [],
  activeId = null,
  selection = null,
  onSelect,
  onHighlightClick,
  renderPageOverlay,
  eager = false,
  onRendered,
}: PageViewProps) {
  const url = source.url;
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [sizes, setSizes] = useState<Size[]>([]);
  const [letters, setLetters] = useState<PdfLetters | null>(null);
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const contents = useRef(new Map<number, Promise<TextSource>>());
  const drawn = useRef(new Set<number>());
  const firstDrawn = useRef(signal());

  const textOf = useCallback((page: PDFPageProxy) => {
    let content = contents.current.get(page.pageNumber);
    if (!content) {
      content = page.getTextContent();
      contents.current.set(page.pageNumber, content);
    }
    return content;
  }, []);

  useEffect(() => {
    let cancelled = false;
    contents.current = new Map();
    drawn.current = new Set();
    firstDrawn.current = signal();
    // No eval (the CSP forbids it), no range requests (the file comes whole, once).
    const task = getDocument({ url, isEvalSupported: false, disableRange: true, verbosity: 0 });
    task.promise
      .then(async (doc) => {
        if (cancelled) return;
        // Page 1's size stands for every page until each is read: the first page shows at once.
        const first = (await doc.getPage(1)).getViewport({ scale: 1 });
        if (cancelled) return;
        setSizes(Array.from({ length: doc.numPages }, () => first));
        setPdf(doc);
        // The worker does one thing at a time: reading every page's text (for highlights and
        // selections) waits until the first page is drawn, so that one is not kept waiting.
        await Promise.race([firstDrawn.current.promise, delay(3000)]);
        const real: Size[] = [];
        const strings: string[][] = [];
        for (let number = 1; number <= doc.numPages; number++) {
          const page = await doc.getPage(number);
          const { width: w, height: h } = page.getViewport({ scale: 1 });
          real.push({ width: w, height: h });
          strings.push(itemStrings(await textOf(page)));
          if (cancelled) return;
        }
        setSizes(real);
        setLetters(pdfLetters(strings));
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url, textOf]);

  // Pages are drawn at the list's width (redrawn when it changes by a whole pixel).
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const text = useMemo(() => textLetters(textPages), [textPages]);

  // Every highlight (and the chosen passage) as stretches of text items, page by page.
  const marks = useMemo(() => {
    const byPage = new Map<number, PageMark[]>();
    if (!letters) return byPage;
    const add = (
      mark: Omit<PageMark, 'spans'>,
      passage: { pageNumber: number; start: number; end: number },
    ) => {
      for (const span of textToPdf(text, textPages, letters, passage)) {
        const list = byPage.get(span.page + 1) ?? [];
        let entry = list.find((m) => m.id === mark.id);
        if (!entry) {
          entry = { ...mark, spans: [] };
          list.push(entry);
        }
        entry.spans.push(span);
        byPage.set(span.page + 1, list);
      }
    };
    for (const h of highlights) add({ id: h.id, number: h.number, pending: false }, h);
    if (selection) add({ id: -1, number: 0, pending: true }, selection);
    return byPage;
  }, [letters, text, textPages, highlights, selection]);

  // The caller's callback may change on every render; the pages must not redraw for that.
  const renderedRef = useRef(onRendered);
  renderedRef.current = onRendered;
  const pageDrawn = useCallback(
    (pageNumber: number) => {
      drawn.current.add(pageNumber);
      firstDrawn.current.resolve();
      if (pdf && drawn.current.size === pdf.numPages) renderedRef.current?.();
    },
    [pdf],
  );

  // A selection on the text layer is read when the mouse or a touch handle lets go.
  useEffect(() => {
    if (!onSelect) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const capture = () => {
      const list = listRef.current;
      if (!list || !letters) return;
      const passage = readPdfSelection(list, letters, text, textPages);
      if (passage) onSelect(passage);
    };
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(capture, 250);
    };
    document.addEventListener('selectionchange', onChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('selectionchange', onChange);
    };
  }, [onSelect, letters, text, textPages]);

  if (failed) {
    return (
      <Alert tone="error" className="m-5">
        The pages of this file could not be shown. The text view still shows its words.
      </Alert>
    );
  }

  return (
    <section
      ref={scrollRef}
      aria-label={label}
      aria-busy={!pdf}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the pages scroll inside; a keyboard must reach them.
      tabIndex={0}
      className={eager ? '' : 'max-h-[75vh] overflow-y-auto bg-slate-100 p-3 sm:p-5'}
    >
      {/* The right padding is the margin the feedback numbers sit in, beside each page. */}
      <div ref={listRef} className="cv-page-list mx-auto flex max-w-3xl flex-col gap-4 pr-7">
        {!pdf ? (
          <p role="status" className="p-4 text-sm text-slate-700">
            Loading the pages…
          </p>
        ) : (
          sizes.map((size, index) => (
            <PdfPage
              // biome-ignore lint/suspicious/noArrayIndexKey: pages are fixed and in order.
              key={index}
              pdf={pdf}
              pageNumber={index + 1}
              size={size}
              width={width}
              eager={eager}
              scrollRoot={eager ? null : scrollRef}
              textOf={textOf}
              marks={marks.get(index + 1)}
              activeId={activeId}
              onHighlightClick={onHighlightClick}
              renderPageOverlay={renderPageOverlay}
              onDrawn={pageDrawn}
            />
          ))
        )}
      </div>
    </section>
  );
}
