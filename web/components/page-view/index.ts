export { PageView } from './page-view';
export type { TextPassage } from './passage-map';
export {
  type PageHighlight,
  type PageOverlayInfo,
  type PageSource,
  type PageViewProps,
  pageHighlights,
} from './types';
export { type DocumentViewMode, ViewToggle } from './view-toggle';
