export type { VoiceCloner } from './client';
export { httpVoiceCloner } from './client';
