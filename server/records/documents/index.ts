/*
 * Documents: what pupils hand in and teachers review — the record, its pages, its list
 * (with the in-memory cache of each teacher's list), its original file, its unique address.
 */
export { type DocumentKind, documentKindOf, EXTRACT_TEXT_JOB } from './document-kind';
export { deleteFeedbackItem, insertFeedbackItem, updateFeedbackItem } from './feedback-rows';
export { DocumentListCache } from './list-cache';
export {
  currentMarkOf,
  documentMarkOf,
  lastRubricCriteria,
  type MarkSheetRow,
  markSheetRows,
  marksOfDocuments,
  saveDocumentMark,
  sharedMarkOf,
  sharedMarksOf,
} from './marks';
export { documentFile, originalKindOf, sendOriginalFile } from './original-file';
export {
  type DocumentPages,
  documentPages,
  type PageRange,
  pageRanges,
  paginate,
  type TextPageRange,
  textPageRanges,
  WORDS_PER_PAGE,
} from './pages';
export { documentCountsPerPupil, findTeacherDocumentByUniqueId } from './per-pupil';
export {
  presentDocument,
  presentExtract,
  pupilDocumentApiPath,
  pupilDocumentPath,
} from './presenter';
export { NOT_FAILED_MESSAGE, readTextAgain } from './read-again';
export {
  clearRetentionNotices,
  deleteDocumentsById,
  markRetentionNotices,
  moveDocumentsToStudent,
  updateDocuments,
} from './rows';
export {
  allDocumentsOf,
  createDocument,
  DOCUMENT_NOT_FOUND,
  deleteDocument,
  getTeacherDocument,
  listDocuments,
  markUnderReview,
  NOT_REOPENABLE,
  publishFeedback,
  reopenDocument,
  updateDocument,
} from './service';
export { newUniqueId } from './unique-id';
