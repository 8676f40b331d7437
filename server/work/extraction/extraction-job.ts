import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { documents, files } from '../../db/schema';
import { PermanentJobError } from '../../platform/jobs';
import type { AppContext } from '../../records/context';
import { documentKindOf, documentPages, updateDocuments } from '../../records/documents';
import { documentAnalysisAllowed, PHOTO_READING_OFF_MESSAGE } from '../../records/settings';
import { ExtractionError } from './errors';
import { extractTextIsolated } from './isolated';

/**
 * Raised when the extractor gives better text for files already read: 1 is the PDF reflow
 * (paragraphs, hyphens, headers and footers, two columns). Older PDF text is read again.
 */
export const EXTRACTION_VERSION = 1;

const payloadSchema = z.object({
  documentId: z.number().int(),
  /** Reading a file again that was read before: a failure keeps the text it has. */
  again: z.boolean().optional(),
});

const markFailed = (ctx: AppContext, documentId: number, message: string) =>
  updateDocuments(ctx.db, documentId, {
    extractionStatus: 'failed',
    extractionError: message,
    updatedAt: new Date(),
  });

/**
 * Reads the pupil's file and stores its text. Runs off the request path in the job
 * runner; a damaged or empty file leaves the document in a visible failed state.
 */
export function extractionJobHandler(ctx: AppContext) {
  return {
    async run(payload: unknown) {
      const { documentId, again } = payloadSchema.parse(payload);
      const [row] = await ctx.db
        .select({ document: documents, file: files })
        .from(documents)
        .leftJoin(files, eq(files.id, documents.fileId))
        .where(eq(documents.id, documentId));
      if (!row) return; // deleted meanwhile: nothing to do
      const kind = row.file ? documentKindOf(row.file.storageKey) : null;
      if (!row.file || !kind) throw new PermanentJobError('The original file is missing.');
      // Document analysis switched off: a photo is not read by OCR; the teacher marks the
      // image itself (region feedback). Typed documents carry their text and are still read.
      const photo = kind === 'jpg' || kind === 'png';
      if (photo && !(await documentAnalysisAllowed(ctx, row.document.teacherId))) {
        throw new PermanentJobError(PHOTO_READING_OFF_MESSAGE);
      }
      const bytes = await ctx.files.read(row.file.storageKey);
      let extracted: Awaited<ReturnType<typeof extractTextIsolated>>;
      try {
        extracted = await extractTextIsolated(bytes, kind);
      } catch (error) {
        if (error instanceof ExtractionError) throw new PermanentJobError(error.message);
        throw error;
      }
      const text = extracted.text;
      // Text read before the file's own pages were kept stays in pages of 300 words when it
      // is read again: its feedback is stored by those pages.
      const sourcePageStarts =
        again && !row.document.sourcePageStarts ? null : extracted.pageStarts;
      const { pages } = documentPages({ extractedContent: text, sourcePageStarts });
      if (pages.length === 0) throw new PermanentJobError('No text was found in this file.');
      // Feedback keeps its quotes: it is found again on the new text when read (and
      // flagged to the teacher where the passage changed).
      if (again) {
        ctx.log.info({ documentId }, 'document text read again by a newer extractor');
      }
      await updateDocuments(ctx.db, documentId, {
        extractedContent: text,
        sourcePageStarts,
        totalPages: pages.length,
        extractionVersion: EXTRACTION_VERSION,
        extractionStatus: 'done',
        extractionError: null,
        updatedAt: new Date(),
      });
    },
    async onFailure(payload: unknown, error: Error) {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) return;
      // The text read before stays: a failed second reading is no reason to lose it.
      if (parsed.data.again) return;
      const message =
        error instanceof PermanentJobError
          ? error.message
          : 'The text of this file could not be read. Open the original document instead.';
      await markFailed(ctx, parsed.data.documentId, message);
    },
  };
}
