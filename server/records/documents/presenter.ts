import type { DocumentExtract, DocumentSummary } from '../../../contract/documents';
import { pupilDisplayName } from '../../../contract/pupil-names';
import { uploadUrl } from '../uploads';
import { originalKindOf } from './original-file';
import { documentPages } from './pages';
import type { getTeacherDocument, listDocuments } from './service';

/** A list row (its shown columns) or a whole document: both present the same summary. */
type Row =
  | Awaited<ReturnType<typeof listDocuments>>['rows'][number]
  | Awaited<ReturnType<typeof getTeacherDocument>>;

export function pupilDocumentPath(classroomPhrase: string, uniqueId: string): string {
  return `/documents/${classroomPhrase}/${uniqueId}`;
}

/** The same document's API address, under which its feedback's media are served. */
export function pupilDocumentApiPath(classroomPhrase: string, uniqueId: string): string {
  return `/api/pupil-documents/${encodeURIComponent(classroomPhrase)}/${uniqueId}`;
}

/** What the teacher sees of a document; the extracted text comes through /extract. */
export function presentDocument(row: Row, classroomPhrase: string | null): DocumentSummary {
  const { document, student, file } = row;
  const documentPath = classroomPhrase
    ? pupilDocumentPath(classroomPhrase, document.uniqueId)
    : null;
  return {
    id: document.id,
    uniqueId: document.uniqueId,
    title: document.title,
    author: document.author,
    status: document.status,
    studentId: document.studentId,
    studentName: student ? pupilDisplayName(student) : null,
    student: student
      ? { id: student.id, name: student.name, surname: student.surname, imageUrl: student.imageUrl }
      : null,
    extractionStatus: document.extractionStatus,
    extractionError: document.extractionError,
    totalPages: document.totalPages,
    feedbackCount: row.feedbackCount,
    filePath: file ? uploadUrl(file.id) : null,
    fileName: file?.originalName ?? null,
    originalKind: originalKindOf(file?.storageKey),
    classroomPhrase,
    documentPath,
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
    publishedAt: document.publishedAt?.toISOString() ?? null,
  };
}

export function presentExtract(
  document: Awaited<ReturnType<typeof getTeacherDocument>>['document'],
): DocumentExtract {
  const text = document.extractedContent ?? '';
  const { pages, pageNumbers, pageCount } = documentPages(document);
  return {
    pages,
    pageNumbers,
    pageCount,
    totalPages: pages.length,
    extractedContent: text,
    status: document.extractionStatus,
    error: document.extractionError,
  };
}
