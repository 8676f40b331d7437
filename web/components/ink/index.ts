export { InkDraftPreview, InkDrawLayer, TOOL_NAMES } from './ink-draw-layer';
export { InkPaths, InkSvg } from './ink-paths';
export { inkPicture } from './ink-picture';
