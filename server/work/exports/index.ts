/*
 * Exports: a document with its feedback as a typeset PDF, the pupil's own PDF or photo with
 * real annotations, or a Word file with comments; and the passages of a pupil's PDF found
 * for the annotations (run in the worker pool). The renderers load pdf-lib, fontkit and
 * pdf.js, so they are loaded with the first download that needs them, never at start.
 */
import type { LocateQuery, LocateResult } from './pdf-locate';

export { type DownloadFormat, downloadQuerySchema, sendDownload } from './downloads';
export { LOCATE_PASSAGES_TASK, type LocatePassagesInput } from './locate-task';
export { markSheetCsv, markSheetFileName } from './mark-sheet';
export type { LocateQuery, LocateResult } from './pdf-locate';
export type { ExportFeedback, ExportInput } from './types';

export async function locatePassages(
  bytes: Uint8Array,
  docText: string,
  queries: LocateQuery[],
): Promise<LocateResult | null> {
  return (await import('./pdf-locate')).locatePassages(bytes, docText, queries);
}
