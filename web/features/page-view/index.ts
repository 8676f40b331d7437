export { PageView } from './page-view';
export type { TextPassage } from './passage-map';
export type { PageHighlight, PageOverlayInfo, PageSource, PageViewProps } from './types';
export { type DocumentViewMode, ViewToggle } from './view-toggle';
