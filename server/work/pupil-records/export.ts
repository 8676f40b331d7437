import { pupilPageOf } from '../../../contract/pupil-pages';
import type { files } from '../../db/schema';
import type { FileStore } from '../../platform/file-store';
import type { ZipEntry } from '../../platform/zip-stream';
import { documentPages } from '../../records/documents';
import { presentStudent } from '../../records/pupils';
import { safeFileName } from '../../records/uploads';
import type { PupilRecords } from './records';

type FileRow = typeof files.$inferSelect;

/** Media that is compressed already: deflating it again costs time and saves nothing. */
const ALREADY_COMPRESSED = /\.(pdf|jpe?g|png|docx|mp4|webm|ogg|m4a|mp3)$/i;

/**
 * The entries of a pupil's export, in reading order. Each stored file is opened only when
 * its turn in the archive comes; index.json (first) says where everything is.
 */
export async function pupilExportEntries(
  records: PupilRecords,
  store: FileStore,
  exportedAt: Date,
): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  const missing: string[] = [];
  const addFile = async (folder: string, file: FileRow | undefined, name?: string) => {
    if (!file) return null;
    const extension = file.storageKey.split('.').pop() ?? 'bin';
    const path = `${folder}/${name ?? safeFileName(file.originalName, extension)}`;
    // A file gone from the disk is named in the index rather than failing the download.
    if (!(await store.stat(file.storageKey))) {
      missing.push(path);
      return { path: null, missing: true, originalName: file.originalName };
    }
    entries.push({
      name: path,
      mtime: file.createdAt,
      compress: !ALREADY_COMPRESSED.test(path),
      source: () => store.createReadStream(file.storageKey),
    });
    return {
      path,
      originalName: file.originalName,
      contentType: file.contentType,
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      uploadedBy: file.uploadedBy,
      uploadedAt: file.createdAt.toISOString(),
    };
  };
  const addText = (path: string, text: string, mtime: Date) => {
    entries.push({ name: path, source: text, compress: true, mtime });
    return path;
  };

  const documentsIndex = [];
  for (const [n, doc] of records.documents.entries()) {
    const folder = `documents/${String(n + 1).padStart(3, '0')}-${doc.uniqueId}`;
    const original = await addFile(
      `${folder}/as-handed-in`,
      doc.fileId ? records.files.get(doc.fileId) : undefined,
    );
    const extractedText =
      doc.extractedContent != null
        ? addText(`${folder}/extracted-text.txt`, doc.extractedContent, doc.updatedAt)
        : null;
    const { pageNumbers } = documentPages(doc);
    const feedbackItems = [];
    for (const item of records.feedback.filter((f) => f.documentId === doc.id)) {
      const audio = item.audioFileId
        ? await addFile(
            `${folder}/feedback-audio`,
            records.files.get(item.audioFileId),
            `${item.id}.${records.files.get(item.audioFileId)?.storageKey.split('.').pop() ?? 'bin'}`,
          )
        : null;
      const regionCrop = item.regionCropFileId
        ? await addFile(
            `${folder}/feedback-region`,
            records.files.get(item.regionCropFileId),
            `${item.id}.png`,
          )
        : null;
      feedbackItems.push({
        id: item.id,
        type: item.type,
        content: item.content,
        // The page as the pupil numbers it (as every view labels it); pageNumber and the
        // offsets are the text page of extracted-text.txt the passage is on, and where.
        page: pupilPageOf(item, pageNumbers),
        pageNumber: item.pageNumber,
        highlightedText: item.highlightedText,
        startOffset: item.startOffset,
        endOffset: item.endOffset,
        region: item.region,
        regionCrop,
        drawing: item.ink ?? null,
        audio,
        audioDurationSeconds: item.audioDuration,
        transcript: item.transcript,
        enhancedTranscript: item.enhancedTranscript,
        published: item.publishedAt?.toISOString() ?? null,
        // What the pupil and parents were shown, when the comment has changed since.
        publishedContent: item.publishedContent,
        // Deleted by the teacher; still shown to them until the work is shared again.
        deletedAt: item.deletedAt?.toISOString() ?? null,
        createdAt: item.createdAt.toISOString(),
        updatedAt: item.updatedAt.toISOString(),
      });
    }
    const links = records.links
      .filter((link) => link.documentId === doc.id)
      .map((link) => linkEntry(records, link));
    documentsIndex.push({
      id: doc.id,
      uniqueId: doc.uniqueId,
      title: doc.title,
      author: doc.author,
      status: doc.status,
      handedInAt: doc.createdAt.toISOString(),
      reviewedAt: doc.reviewedAt?.toISOString() ?? null,
      sharedAt: doc.sharedAt?.toISOString() ?? null,
      original,
      extractedText,
      extractionStatus: doc.extractionStatus,
      feedback: feedbackItems,
      mark: records.marks.find((mark) => mark.documentId === doc.id) ?? null,
      shareLinks: links,
    });
  }

  const reportsIndex = [];
  for (const report of records.reports) {
    const folder = `parent-reports/${report.id}`;
    const render = records.renders.find((r) => r.id === report.videoRenderId);
    const video = render?.videoFileId
      ? await addFile(folder, records.files.get(render.videoFileId), 'video.mp4')
      : null;
    const recording = render?.audioFileId
      ? await addFile(
          folder,
          records.files.get(render.audioFileId),
          `recording.${records.files.get(render.audioFileId)?.storageKey.split('.').pop() ?? 'bin'}`,
        )
      : null;
    const captions = render?.captions
      ? addText(`${folder}/captions.vtt`, render.captions, report.updatedAt)
      : null;
    reportsIndex.push({
      id: report.id,
      subjects: report.subjects,
      status: report.status,
      content: addText(`${folder}/report.txt`, report.content, report.updatedAt),
      transcript: report.transcript,
      createdAt: report.createdAt.toISOString(),
      sentAt: report.sentAt?.toISOString() ?? null,
      video,
      recording,
      captions,
      links: records.links
        .filter((link) => link.reportId === report.id)
        .map((link) => linkEntry(records, link)),
    });
  }

  const pupil = presentStudent(records.student);
  const index = {
    format: 'classroom-voice-pupil-export/1',
    exportedAt: exportedAt.toISOString(),
    pupil,
    documents: documentsIndex,
    parentReports: reportsIndex,
    missingFiles: missing,
  };
  return [
    {
      name: 'index.json',
      source: `${JSON.stringify(index, null, 2)}\n`,
      compress: true,
      mtime: exportedAt,
    },
    ...entries,
  ];
}

/** "pupil-maya-patel-2026-11-23.zip": readable, and safe in a Content-Disposition header. */
export function exportFileName(displayName: string, exportedAt: Date) {
  const slug =
    displayName
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()
      .slice(0, 60) || 'pupil';
  return `pupil-${slug}-${exportedAt.toISOString().slice(0, 10)}.zip`;
}

/** A link as the export lists it: to whom, how long it lived, and every opening. */
function linkEntry(records: PupilRecords, link: PupilRecords['links'][number]) {
  return {
    id: link.id,
    sharedWith: link.recipientName,
    sharedWithEmail: link.recipientEmail,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    openedAt: records.linkViews
      .filter((view) => view.linkId === link.id)
      .map((view) => view.viewedAt.toISOString()),
  };
}
