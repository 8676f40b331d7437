export { cropFromPage, isPdfPage } from './crop';
export { type RegionMark, RegionOverlay } from './region-overlay';
export { RegionThumbnail } from './region-thumbnail';
export { type RegionDraft, regionMarks, useRegionOverlay } from './use-region-overlay';
