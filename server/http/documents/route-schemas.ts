import {
  createDocumentSchema,
  DOCUMENTS_NEXT_CURSOR_HEADER,
  DOCUMENTS_TOTAL_HEADER,
  documentDeletedSchema,
  documentDetailSchema,
  documentExtractSchema,
  documentIdParamsSchema,
  documentListQuerySchema,
  documentListSchema,
  documentSummarySchema,
  documentUniqueIdParamsSchema,
  updateDocumentSchema,
} from '../../../contract/documents';
import { describedParams, fileResponse, recordId, teacherOnly } from '../../platform/api-docs';
import { notFoundParams } from '../../platform/validation';
import { DOCUMENT_NOT_FOUND } from '../../records/documents';

const tags = ['Documents'];
const security = teacherOnly;
const documentParams = notFoundParams(
  describedParams(documentIdParamsSchema, { id: recordId('document') }),
  DOCUMENT_NOT_FOUND,
);

export const documentSchemas = {
  list: {
    tags,
    security,
    summary: 'The teacher’s documents, newest first, one page at a time',
    description: `The \`${DOCUMENTS_TOTAL_HEADER}\` header gives how many match; \`${DOCUMENTS_NEXT_CURSOR_HEADER}\`, when present, is the \`cursor\` for the next page.`,
    querystring: documentListQuerySchema,
    response: { 200: documentListSchema },
  },
  byUniqueId: {
    tags,
    security,
    summary: 'One document by its code, with its feedback',
    params: documentUniqueIdParamsSchema,
    response: { 200: documentDetailSchema },
  },
  read: {
    tags,
    security,
    summary: 'One document with its feedback',
    params: documentParams,
    response: { 200: documentDetailSchema },
  },
  extract: {
    tags,
    security,
    summary: 'A document’s extracted text, in pages, and the extraction’s state',
    params: documentParams,
    response: { 200: documentExtractSchema },
  },
  readAgain: {
    tags,
    security,
    summary: 'Try again: read the text of a document whose reading failed',
    description:
      'Queues the reading afresh; the document waits as a new hand-in does (`extractionStatus` pending). 409 when its reading has not failed.',
    params: documentParams,
    response: { 200: documentSummarySchema },
  },
  create: {
    tags,
    security,
    summary: 'Add a document from a file uploaded through `POST /api/uploads`',
    body: createDocumentSchema,
    response: { 200: documentSummarySchema },
  },
  update: {
    tags,
    security,
    summary: 'Rename a document, change its pupil or status',
    params: documentParams,
    body: updateDocumentSchema,
    response: { 200: documentSummarySchema },
  },
  reopen: {
    tags,
    security,
    summary: 'Reopen reviewed or shared work for more feedback',
    description:
      'The document is `under review` again. Pupils and parents keep seeing its feedback and mark as last shared (an edited comment as it was, a deleted item still there) until it is shared or marked reviewed again. 400 `not_reopenable` when it is neither reviewed nor shared.',
    params: documentParams,
    response: { 200: documentSummarySchema },
  },
  remove: {
    tags,
    security,
    summary: 'Delete a document, its feedback, links and files',
    params: documentParams,
    response: { 200: documentDeletedSchema },
  },
  original: {
    tags,
    security,
    summary: 'The handed-in file for the review’s page view (PDF or photo)',
    params: documentParams,
    response: {
      200: fileResponse(
        'The file as handed in, shown inline for the page view (PDF or photo)',
        'application/pdf',
        'image/jpeg',
        'image/png',
      ),
    },
  },
};
