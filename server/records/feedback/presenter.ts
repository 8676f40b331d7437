import type { FeedbackItem } from '../../../contract/feedback';
import type { Ink } from '../../../contract/ink';
import type { AssignmentFeedback } from '../../../contract/pupil-portal';
import type { SharedFeedbackItem } from '../../../contract/sharing';
import type { feedback } from '../../db/schema';

type FeedbackRow = typeof feedback.$inferSelect;

/**
 * The teacher's address of a recording (their session is the permission). A pupil or a
 * parent plays it under the address of the view that lists it instead.
 */
export function audioUrl(fileId: string | null): string | null {
  return fileId ? `/api/audio/${fileId}` : null;
}

/** Where a view (a shared link, a pupil's document) serves its items' media. */
export type ViewMediaPaths = {
  cropPath: (feedbackId: number) => string;
  audioPath: (feedbackId: number) => string;
};

/** The teacher's address of a region's picture (the pupil's and the link's are their own). */
export function teacherRegionCropUrl(row: FeedbackRow): string | null {
  return row.regionCropFileId ? `/api/feedback/${row.id}/region-crop` : null;
}

/**
 * The item as pupils and parents see it: its comment as last published (a later edit is
 * the teacher's until the work is shared again). Every other field they see is fixed when
 * the item is made.
 */
export function asPublished(row: FeedbackRow): FeedbackRow {
  return { ...row, content: row.publishedContent ?? row.content };
}

/** Where the teacher's item stands with pupils and parents. */
function publicationOf(row: FeedbackRow): FeedbackItem['publication'] {
  if (!row.publishedAt) return 'draft';
  return row.publishedContent === row.content ? 'shared' : 'edited';
}

/** The drawing as stored (checked by the contract's schema when it was saved). */
function inkOf(row: FeedbackRow): Ink | null {
  return (row.ink as Ink | null) ?? null;
}

export function presentFeedback(row: FeedbackRow): FeedbackItem {
  return {
    id: row.id,
    documentId: row.documentId,
    type: row.type,
    content: row.content,
    highlightId: row.highlightId,
    pageNumber: row.pageNumber,
    startOffset: row.startOffset,
    endOffset: row.endOffset,
    highlightedText: row.highlightedText,
    audioUrl: audioUrl(row.audioFileId),
    audioDuration: row.audioDuration,
    transcript: row.transcript,
    enhancedTranscript: row.enhancedTranscript,
    timestamp: row.createdAt.toISOString(),
    region: row.region ?? null,
    regionCropUrl: teacherRegionCropUrl(row),
    ink: inkOf(row),
    publication: publicationOf(row),
  };
}

/**
 * What a pupil's assignment list carries: no ids of the teacher. An audio item's `content` is
 * the note the teacher wrote with it; what was said comes apart, as `transcript` (the tidied
 * text when there is one), as on a shared link.
 */
export function presentPupilFeedback(
  row: FeedbackRow,
  paths: Pick<ViewMediaPaths, 'audioPath'>,
): AssignmentFeedback {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    transcript: row.type === 'audio' ? (row.enhancedTranscript ?? row.transcript) : null,
    highlightedText: row.highlightedText,
    pageNumber: row.pageNumber,
    audioUrl: row.audioFileId ? paths.audioPath(row.id) : null,
    audioDuration: row.audioDuration,
    drawingPage: inkOf(row)?.page ?? null,
  };
}

/**
 * Media addresses stay relative (the page plays them from whichever host it was opened on)
 * and under the view's own address (link or pupil page), so they take the same key as the
 * view and stop with it.
 */
export function presentSharedFeedback(row: FeedbackRow, paths: ViewMediaPaths): SharedFeedbackItem {
  return {
    id: row.id,
    type: row.type,
    pageNumber: row.pageNumber,
    content: row.content,
    highlightedText: row.highlightedText,
    startOffset: row.startOffset,
    endOffset: row.endOffset,
    audioUrl: row.audioFileId ? paths.audioPath(row.id) : null,
    audioDuration: row.audioDuration,
    transcript: row.enhancedTranscript ?? row.transcript,
    region: row.region ?? null,
    regionCropUrl: row.regionCropFileId ? paths.cropPath(row.id) : null,
    ink: inkOf(row),
  };
}
