import type { Region } from '@contract/feedback';
import type { Ink } from '@contract/ink';

/**
 * The fields the feedback cards need, common to a shared link's items and a pupil's
 * assignment list (contract/sharing.ts and contract/pupil-portal.ts).
 */
export interface FeedbackEntry {
  id: number;
  type: 'text' | 'audio';
  pageNumber: number;
  content: string;
  highlightedText: string | null;
  audioUrl: string | null;
  audioDuration: number | null;
  transcript?: string | null;
  startOffset?: number | null;
  endOffset?: number | null;
  /** Feedback on a region of the page as handed in, with the address of its picture. */
  region?: Region | null;
  regionCropUrl?: string | null;
  /** A drawing (pen, highlighter, shapes) on the page; `region` is the box round it. */
  ink?: Ink | null;
  /** Where a pupil's list says a drawing is (it does not carry the drawing itself). */
  drawingPage?: number | null;
}

/** What was said in an audio item, when it was transcribed. */
export function transcriptOf(entry: FeedbackEntry): string | null {
  return (entry.type === 'audio' && entry.transcript?.trim()) || null;
}

/**
 * The words the teacher wrote: a written item's text, or the note typed beside a recording
 * (shown as the teacher's note, never as a transcript of the recording).
 */
export function noteOf(entry: FeedbackEntry): string | null {
  return entry.content.trim() ? entry.content : null;
}
