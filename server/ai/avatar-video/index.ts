export type { MediaEngines } from './engines';
export { createMediaEngines } from './engines';
export { builtinVideoEngine } from './render';
export { wordKey } from './word-alignment';
