export type { Transcriber } from './transcriber';
export { httpTranscriber, noTranscriber } from './transcriber';
