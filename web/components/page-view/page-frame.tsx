import type { CSSProperties, ReactNode } from 'react';
import type { PageOverlayInfo, PageViewProps } from './types';

interface PageFrameProps {
  info: PageOverlayInfo;
  renderPageOverlay: PageViewProps['renderPageOverlay'];
  children: ReactNode;
  style?: CSSProperties;
  className?: string;
}

/**
 * One page of the pupil's file: its picture and layers stacked in a box of the page's own
 * proportions, and the caller's overlay (region drawing, say) on top, covering it exactly.
 */
export function PageFrame({ info, renderPageOverlay, children, style, className }: PageFrameProps) {
  return (
    <div
      data-page-number={info.pageNumber}
      className={`relative mx-auto w-full overflow-hidden bg-white shadow-sm ring-1 ring-slate-300 ${className ?? ''}`}
      style={{ aspectRatio: `${info.width} / ${info.height}`, ...style }}
    >
      {children}
      {renderPageOverlay ? (
        <div className="pointer-events-none absolute inset-0 z-30">{renderPageOverlay(info)}</div>
      ) : null}
    </div>
  );
}
