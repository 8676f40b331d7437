export { cropFromPage, isPdfPage } from './crop';
export { type RegionMark, RegionOverlay } from './region-overlay';
export { RegionThumbnail } from './region-thumbnail';
