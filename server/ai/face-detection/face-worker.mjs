// Worker-thread entry: teach this thread to load TypeScript (as tsx does for the server),
// then run the face-detection worker.
import { register } from 'tsx/esm/api';

register();
await import('./face-worker.ts');
