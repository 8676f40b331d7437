import { documentIdParamsSchema } from '../../../contract/documents';
import {
  bankCommentDeletedSchema,
  bankCommentIdParamsSchema,
  bankCommentListSchema,
  bankCommentQuerySchema,
  bankCommentSchema,
  documentMarkSchema,
  lastRubricSchema,
  markSheetQuerySchema,
  saveBankCommentSchema,
  saveMarkSchema,
} from '../../../contract/marking';
import { describedParams, fileResponse, recordId, teacherOnly } from '../../platform/api-docs';
import { notFoundParams } from '../../platform/validation';
import { BANK_COMMENT_NOT_FOUND } from '../../records/comment-bank';
import { DOCUMENT_NOT_FOUND } from '../../records/documents';

const security = teacherOnly;
const bankTags = ['Comment bank'];
const markTags = ['Marks'];
const commentParams = notFoundParams(
  describedParams(bankCommentIdParamsSchema, { id: recordId('comment') }),
  BANK_COMMENT_NOT_FOUND,
);
const documentParams = notFoundParams(
  describedParams(documentIdParamsSchema, { id: recordId('document') }),
  DOCUMENT_NOT_FOUND,
);

export const markingSchemas = {
  listComments: {
    tags: bankTags,
    security,
    summary: 'The teacher’s comment bank, most used first',
    description: 'With `q`, only the comments holding every word of it (any order, any case).',
    querystring: bankCommentQuerySchema,
    response: { 200: bankCommentListSchema },
  },
  saveComment: {
    tags: bankTags,
    security,
    summary: 'Keep a comment in the bank (one already there is answered as it is)',
    body: saveBankCommentSchema,
    response: { 200: bankCommentSchema },
  },
  updateComment: {
    tags: bankTags,
    security,
    summary: 'Change a comment of the bank',
    params: commentParams,
    body: saveBankCommentSchema,
    response: { 200: bankCommentSchema },
  },
  deleteComment: {
    tags: bankTags,
    security,
    summary: 'Remove a comment from the bank (feedback that used it keeps its text)',
    params: commentParams,
    response: { 200: bankCommentDeletedSchema },
  },
  getMark: {
    tags: markTags,
    security,
    summary: 'A document’s mark or grade and rubric, and whether the pupil has seen it',
    params: documentParams,
    response: { 200: documentMarkSchema },
  },
  saveMark: {
    tags: markTags,
    security,
    summary: 'Set a document’s mark or grade and rubric',
    description:
      'The pupil and parent see it once the document is shared or marked reviewed, with its feedback. A blank mark and no criteria clear it.',
    params: documentParams,
    body: saveMarkSchema,
    response: { 200: documentMarkSchema },
  },
  lastRubric: {
    tags: markTags,
    security,
    summary: 'The criteria of the teacher’s most recent rubric, to mark the next piece alike',
    response: { 200: lastRubricSchema },
  },
  markSheet: {
    tags: markTags,
    security,
    summary: 'The class mark sheet as CSV: every piece of work with its pupil, mark and rubric',
    description:
      'UTF-8 with a byte-order mark; every cell quoted, and a cell that a spreadsheet would read as a formula written as text. With `title`, one assignment only.',
    querystring: markSheetQuerySchema,
    response: { 200: fileResponse('The mark sheet', 'text/csv') },
  },
};
