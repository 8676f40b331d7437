import type { LocateQuery } from './pdf-locate';

/*
 * The worker pool's task that finds passages in a pupil's PDF (server/pool-worker.ts runs
 * it). Apart from pdf-locate.ts, which loads pdf.js: the web server's thread names the task
 * without loading what runs it.
 */
export const LOCATE_PASSAGES_TASK = 'locate-passages';
export type LocatePassagesInput = { bytes: Uint8Array; docText: string; queries: LocateQuery[] };
