import type { Ink } from '../../../contract/ink';
import type { DocumentMarkView } from '../../../contract/marking-limits';

/** What the exporters are given: the document as split into pages, and its feedback. */

export interface ExportFeedback {
  id: string;
  type: 'text' | 'audio';
  content: string;
  /** 1-based page of `ExportInput.pages`. */
  pageNumber: number;
  /** Offsets within that page's text; null when the item is about the whole page. */
  startOffset: number | null;
  endOffset: number | null;
  highlightedText: string | null;
  /** The words either side of the passage when it was chosen: find it if its words changed. */
  contextBefore?: string | null;
  contextAfter?: string | null;
  transcript: string | null;
  /** Absolute URL of the recording. */
  audioUrl: string | null;
  /** Seconds. */
  audioDuration: number | null;
  createdAt: string;
  /**
   * Feedback on a region of the file as handed in (page 1 of a photo, or a PDF page), in
   * shares of the page from its top-left corner; null or absent for a passage.
   */
  region?: { page: number; x: number; y: number; width: number; height: number } | null;
  /** A small PNG of the region, when one was kept. */
  regionCrop?: Uint8Array | null;
  /** Pen, highlighter and shapes on the page (`region` is the box round them). */
  ink?: Ink | null;
}

export interface ExportOriginal {
  kind: 'pdf' | 'docx' | 'doc' | 'jpg' | 'png';
  bytes: Uint8Array;
}

export interface ExportInput {
  title: string;
  author: string;
  teacherName: string;
  /** The extracted text's pages (records/documents/pages.ts); each an exact substring of it. */
  pages: string[];
  /**
   * The pupil's page number of each text page and how many pages the file has
   * (contract/pupil-pages.ts); without them the text pages are numbered 1, 2, 3…
   */
  pageNumbers?: number[];
  pageCount?: number;
  feedback: ExportFeedback[];
  original?: ExportOriginal;
  /** The mark or grade and rubric, shown above the feedback summary; none when absent. */
  mark?: DocumentMarkView | null;
}
