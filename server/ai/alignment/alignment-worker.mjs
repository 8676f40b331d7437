// Worker-thread entry: teach this thread to load TypeScript (as tsx does for the server),
// then run the alignment worker.
import { register } from 'tsx/esm/api';

register();
await import('./alignment-worker.ts');
