import type { ReactNode } from 'react';
import type { TextPassage } from './passage-map';

/** What an overlay drawn over one page is told about it. */
export interface PageOverlayInfo {
  /** 1-based, in the pupil's file (a photo is page 1). */
  pageNumber: number;
  /**
   * The page's own size: PDF points for a PDF page, pixels for a photo. The overlay box
   * covers the page exactly whatever size it is shown at, so draw in fractions of these.
   */
  width: number;
  height: number;
  /** False for photos and for PDF pages with no text (scans): no passage can be selected. */
  hasTextLayer: boolean;
}

/** A feedback item's passage of the text view, numbered as in the feedback list. */
export interface PageHighlight {
  id: number;
  number: number;
  /** The text view's page and offsets (the anchor every view shares). */
  pageNumber: number;
  start: number;
  end: number;
}

/** The pupil's file as handed in, served inline by the view's own address. */
export type PageSource = { kind: 'pdf' | 'image'; url: string };

export interface PageViewProps {
  source: PageSource;
  /** Names the page view for screen readers, e.g. "Pages of Volcanoes essay". */
  label: string;
  /** The text view's pages: passages are carried between the two views through them. */
  textPages: string[];
  highlights?: PageHighlight[];
  activeId?: number | null;
  /** The teacher's chosen passage, marked on the page while the composer is open. */
  selection?: TextPassage | null;
  /** Selecting on the page reports the same passage as selecting it in the text view. */
  onSelect?: (passage: TextPassage) => void;
  onHighlightClick?: (id: number) => void;
  /** Drawn over each page (absolutely, covering it); receives no pointer events unless its
   * own elements ask for them (`pointer-events: auto`), so text stays selectable. */
  renderPageOverlay?: (page: PageOverlayInfo) => ReactNode;
  /** Print: render every page at once, not only those near the viewport. */
  eager?: boolean;
  /** Called once every page is drawn (with `eager`). */
  onRendered?: () => void;
}

/** Feedback items in list order as page highlights (items on no passage are left out). */
export function pageHighlights(
  items: Array<{
    id: number;
    pageNumber: number;
    startOffset?: number | null;
    endOffset?: number | null;
  }>,
): PageHighlight[] {
  return items.flatMap((item, index) =>
    item.startOffset != null && item.endOffset != null && item.endOffset > item.startOffset
      ? [
          {
            id: item.id,
            number: index + 1,
            pageNumber: item.pageNumber,
            start: item.startOffset,
            end: item.endOffset,
          },
        ]
      : [],
  );
}
