import { cn } from '@web/lib/cn';
import { type PDFDocumentProxy, type PDFPageProxy, TextLayer } from 'pdfjs-dist';
import {
  type CSSProperties,
  type MouseEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { PageFrame } from '../page-frame';
import type { ItemSpan } from '../passage-map';
import type { PageViewProps } from '../types';
import { marginSlots } from './margin-badges';
import { markRects, type Rect } from './mark-rects';

// A feedback number's button: 24 px (a finger's minimum target) and 2 px apart.
const BADGE_PX = 24;
const BADGE_GAP_PX = 2;

export type TextSource = Awaited<ReturnType<PDFPageProxy['getTextContent']>>;

/** A feedback highlight (or, `pending`, the passage being commented on) on this page. */
export interface PageMark {
  id: number;
  number: number;
  pending: boolean;
  spans: ItemSpan[];
}

interface PdfPageProps {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  size: { width: number; height: number };
  /** CSS pixels to draw the page across. */
  width: number;
  eager: boolean;
  scrollRoot: RefObject<HTMLDivElement | null> | null;
  textOf: (page: PDFPageProxy) => Promise<TextSource>;
  marks: PageMark[] | undefined;
  activeId: number | null;
  onHighlightClick?: (id: number) => void;
  renderPageOverlay: PageViewProps['renderPageOverlay'];
  onDrawn: (pageNumber: number) => void;
}

/**
 * One PDF page: canvas, highlights, pdf.js's text layer (transparent words to select), the
 * numbered highlight buttons and the caller's overlay. Drawn while within a screen or so of
 * the viewport and let go when far from it, so a long file costs what is on screen.
 */
export function PdfPage({
  pdf,
  pageNumber,
  size,
  width,
  eager,
  scrollRoot,
  textOf,
  marks,
  activeId,
  onHighlightClick,
  renderPageOverlay,
  onDrawn,
}: PdfPageProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(eager);
  const [drawnAt, setDrawnAt] = useState(0);
  const [hasText, setHasText] = useState(false);
  const [rects, setRects] = useState<Map<number, Rect[]>>(new Map());

  useEffect(() => {
    const frame = frameRef.current;
    if (eager || !frame) return;
    const observer = new IntersectionObserver(
      ([entry]) => setNear(Boolean(entry?.isIntersecting)),
      { root: scrollRoot?.current ?? null, rootMargin: '50% 0px' },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, [eager, scrollRoot]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const container = textRef.current;
    if (!near || width <= 0 || !canvas || !container) return;
    let cancelled = false;
    let render: ReturnType<PDFPageProxy['render']> | undefined;
    let layer: TextLayer | undefined;
    (async () => {
      const page = await pdf.getPage(pageNumber);
      if (cancelled) return;
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      // pdf.js draws on an opaque canvas (the context below is the one it then gets), and an
      // opaque canvas is black from being sized until painted: a resize, which draws every
      // page near the view again, flashed the pages black. White until the page is drawn.
      const context = canvas.getContext('2d', { alpha: false, willReadFrequently: true });
      if (context) {
        context.fillStyle = '#fff';
        context.fillRect(0, 0, canvas.width, canvas.height);
      }
      render = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      await render.promise;
      const content = await textOf(page);
      if (cancelled) return;
      container.replaceChildren();
      layer = new TextLayer({ textContentSource: content, container, viewport });
      await layer.render();
      if (cancelled) return;
      // Each span is one text item: its index ties a selection to the PDF's letters.
      layer.textDivs.forEach((div, index) => {
        div.dataset.item = String(index);
      });
      setHasText(content.items.some((item) => 'str' in item && item.str.trim() !== ''));
      setDrawnAt(Date.now());
      onDrawn(pageNumber);
    })().catch(() => {
      // Cancelled by scrolling away or a resize; the next pass draws it again.
    });
    return () => {
      cancelled = true;
      render?.cancel();
      layer?.cancel();
      // Far away: let the bitmap go (a 20-page essay would otherwise hold 20 of them).
      if (!eager) canvas.width = 0;
      container.replaceChildren();
      setDrawnAt(0);
    };
  }, [near, width, pdf, pageNumber, textOf, eager, onDrawn]);

  // Boxes of the marked words, measured on the text layer's own spans once it is drawn.
  useLayoutEffect(() => {
    const frame = frameRef.current;
    const container = textRef.current;
    if (!frame || !container || !drawnAt || !marks?.length) {
      setRects(new Map());
      return;
    }
    setRects(new Map(marks.map((mark) => [mark.id, markRects(frame, container, mark.spans)])));
  }, [marks, drawnAt]);

  // The text layer covers the page, so a click on a highlight is found by where it fell.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!onHighlightClick || !window.getSelection()?.isCollapsed) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    const hits = (marks ?? []).filter(
      (mark) =>
        !mark.pending &&
        rects
          .get(mark.id)
          ?.some(
            (r) => x >= r.left && x <= r.left + r.width && y >= r.top && y <= r.top + r.height,
          ),
    );
    // The smallest passage wins, as in the text view (a short comment inside a longer one).
    const hit = hits.sort((a, b) => area(rects.get(a.id)) - area(rects.get(b.id)))[0];
    if (hit) onHighlightClick(hit.id);
  };

  const info = { pageNumber, width: size.width, height: size.height, hasTextLayer: hasText };
  const style = { '--total-scale-factor': width / size.width } as CSSProperties;
  // Numbers go in the margin beside the page, level with each passage's first line: drawn
  // over the page they would hide the pupil's words.
  const pageHeightPx = width > 0 ? (width * size.height) / size.width : 0;
  const badgeShare = pageHeightPx > 0 ? (BADGE_PX / pageHeightPx) * 100 : 0;
  const gapShare = pageHeightPx > 0 ? (BADGE_GAP_PX / pageHeightPx) * 100 : 0;
  const slots = marginSlots(
    (marks ?? []).flatMap((mark) => {
      const first = mark.pending ? undefined : rects.get(mark.id)?.[0];
      return first ? [{ id: mark.id, top: first.top + first.height / 2 - badgeShare / 2 }] : [];
    }),
    badgeShare + gapShare,
  );
  return (
    <div ref={frameRef} className="relative">
      <PageFrame
        info={info}
        renderPageOverlay={renderPageOverlay}
        className="cv-pdf-page"
        style={style}
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the numbered buttons below are the keyboard's way to the same items. */}
        <div className="absolute inset-0" onClick={onClick}>
          <canvas ref={canvasRef} className="absolute inset-0 size-full" />
          <div className="absolute inset-0 z-[5]" aria-hidden="true">
            {(marks ?? []).flatMap((mark) =>
              (rects.get(mark.id) ?? []).map((r, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: boxes of one mark, in order.
                  key={`${mark.id}-${index}`}
                  data-page-mark={mark.pending ? 'pending' : mark.id}
                  className={cn(
                    'cv-page-mark absolute rounded-sm mix-blend-multiply',
                    mark.pending ? 'bg-sky-300/60' : 'bg-amber-300/70',
                    activeId === mark.id && 'outline-2 outline-amber-700',
                  )}
                  style={{
                    left: `${r.left}%`,
                    top: `${r.top}%`,
                    width: `${r.width}%`,
                    height: `${r.height}%`,
                  }}
                />
              )),
            )}
          </div>
          <div ref={textRef} className="textLayer" />
        </div>
      </PageFrame>
      {(marks ?? [])
        .filter((mark) => !mark.pending)
        .map((mark) => {
          const top = slots.get(mark.id);
          if (top === undefined) return null;
          return (
            <button
              key={`marker-${mark.id}`}
              type="button"
              data-page-marker-for={mark.id}
              onClick={() => onHighlightClick?.(mark.id)}
              aria-label={`Feedback ${mark.number}`}
              aria-pressed={activeId === mark.id}
              className={cn(
                'cv-page-mark absolute left-full z-20 ml-1 inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1',
                'text-xs leading-none font-semibold shadow-sm',
                activeId === mark.id
                  ? 'bg-indigo-700 text-white'
                  : 'bg-indigo-100 text-indigo-800 hover:bg-indigo-200',
              )}
              style={{ top: `${top}%` }}
            >
              {mark.number}
            </button>
          );
        })}
    </div>
  );
}

const area = (rects: Rect[] | undefined) =>
  (rects ?? []).reduce((sum, r) => sum + r.width * r.height, 0);
