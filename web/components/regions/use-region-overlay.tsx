import type { Region } from '@contract/feedback';
import type { Ink } from '@contract/ink';
import type { PageOverlayInfo } from '@web/components/page-view';
import { useCallback } from 'react';
import { cropFromPage, isPdfPage } from './crop';
import { type RegionMark, RegionOverlay } from './region-overlay';

/** A region the teacher has just marked: the composer saves feedback on it. */
export interface RegionDraft {
  region: Region;
  /** The picture of it as drawn on the page (data: URL), for the preview. */
  preview: string | null;
  /** Sent with the feedback for a PDF page (the server crops photos itself). */
  crop: string | null;
}

/** Items with a region (a drawing has the region round it), numbered as in the feedback list. */
export function regionMarks(
  items: Array<{ id: number; type: 'text' | 'audio'; region?: Region | null; ink?: Ink | null }>,
): RegionMark[] {
  return items.flatMap((item, index) =>
    item.region
      ? [{ id: item.id, number: index + 1, type: item.type, region: item.region, ink: item.ink }]
      : [],
  );
}

/**
 * The page view's overlay of regions. With `onDraft`, pages that have no words to select
 * (photos, scans) can be marked; a new region comes back with its picture.
 */
export function useRegionOverlay({
  marks,
  activeId,
  draft,
  onDraft,
  onMarkClick,
}: {
  marks: RegionMark[];
  activeId?: number | null;
  draft?: Region | null;
  onDraft?: (draft: RegionDraft) => void;
  onMarkClick?: (id: number) => void;
}) {
  return useCallback(
    (page: PageOverlayInfo) => (
      <RegionOverlay
        page={page}
        marks={marks}
        activeId={activeId}
        draft={draft}
        drawable={Boolean(onDraft) && !page.hasTextLayer}
        onMarkClick={onMarkClick}
        onDraw={(region, overlay) => {
          const preview = cropFromPage(overlay, region);
          onDraft?.({ region, preview, crop: isPdfPage(overlay) ? preview : null });
        }}
      />
    ),
    [marks, activeId, draft, onDraft, onMarkClick],
  );
}
