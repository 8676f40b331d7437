import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Ink } from '../../../contract/ink';
import { files } from '../../db/schema';
import { createLimiter } from '../../platform/concurrency';
import type { AppContext } from '../../records/context';
import { documentKindOf, documentPages } from '../../records/documents';
import type { loadSharedDocument } from '../../records/sharing';
import { teacherDisplayName } from '../../records/sharing';

type Loaded = Awaited<ReturnType<typeof loadSharedDocument>>;

/** Rendering is CPU-bound on the main thread: two at a time, the rest queue. */
const renderOneAtATime = createLimiter(2);

export const downloadQuerySchema = z.object({
  format: z.enum(['pdf', 'annotated-pdf', 'docx'], {
    error: 'Choose a download format: pdf, annotated-pdf or docx',
  }),
});
export type DownloadFormat = z.output<typeof downloadQuerySchema>['format'];

const CONTENT_TYPES: Record<DownloadFormat, string> = {
  pdf: 'application/pdf',
  'annotated-pdf': 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

function fileNameFor(title: string, format: DownloadFormat): string {
  const base =
    title
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 80) || 'document';
  const suffix =
    format === 'annotated-pdf' ? ' (with feedback).pdf' : format === 'docx' ? '.docx' : '.pdf';
  return base + suffix;
}

/** A region's picture for an export; one gone from the disk is left out, not a failure. */
async function regionCropBytes(ctx: AppContext, fileId: string | null) {
  if (!fileId) return null;
  const [file] = await ctx.db.select().from(files).where(eq(files.id, fileId));
  return file ? ctx.files.read(file.storageKey).catch(() => null) : null;
}

/**
 * Renders the document with its feedback in the asked format and sends it as a download.
 * `audioPath` is where the file's reader plays a recording: through the same session or
 * link the file was downloaded under, so a file kept after the link ends plays nothing.
 */
export async function sendDownload(
  reply: FastifyReply,
  ctx: AppContext,
  loaded: Loaded,
  format: DownloadFormat,
  audioPath: (item: Loaded['items'][number]) => string | null,
) {
  const { document, file } = loaded;
  const kind = file ? documentKindOf(file.storageKey) : null;
  const original =
    file && kind ? { kind, bytes: await ctx.files.read(file.storageKey) } : undefined;
  const { pages, pageNumbers, pageCount } = documentPages(document);
  const input = {
    title: document.title,
    author: document.author,
    teacherName: teacherDisplayName(loaded.teacher),
    pages,
    pageNumbers,
    pageCount,
    feedback: await Promise.all(
      loaded.items.map(async (item) => {
        const path = item.audioFileId ? audioPath(item) : null;
        return {
          id: String(item.id),
          type: item.type,
          content: item.content,
          pageNumber: item.pageNumber,
          startOffset: item.startOffset,
          endOffset: item.endOffset,
          highlightedText: item.highlightedText,
          contextBefore: item.contextBefore,
          contextAfter: item.contextAfter,
          transcript: item.enhancedTranscript ?? item.transcript,
          audioUrl: path ? `${ctx.config.publicUrl}${path}` : null,
          audioDuration: item.audioDuration,
          createdAt: item.createdAt.toISOString(),
          region: item.region ?? null,
          regionCrop: await regionCropBytes(ctx, item.regionCropFileId),
          ink: (item.ink as Ink | null) ?? null,
        };
      }),
    ),
    original,
    mark: loaded.mark,
  };
  // The renderers (pdf-lib, fontkit, pdf.js) are loaded with the first download, not at
  // start: most server processes never render one.
  const bytes = await renderOneAtATime(async () =>
    format === 'docx'
      ? (await import('./render-docx')).renderDocumentDocx(input)
      : (await import('./render-pdf')).renderDocumentPdf(input, {
          annotations: format === 'annotated-pdf',
        }),
  );
  return reply
    .header('Content-Type', CONTENT_TYPES[format])
    .header('Cache-Control', 'private, no-store')
    .header(
      'Content-Disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(fileNameFor(document.title, format))}`,
    )
    .send(Buffer.from(bytes));
}
