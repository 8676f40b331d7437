import { documentIdParamsSchema } from '../../../contract/documents';
import {
  createFeedbackSchema,
  feedbackDeletedSchema,
  feedbackIdParamsSchema,
  feedbackItemSchema,
  feedbackListSchema,
  updateFeedbackSchema,
} from '../../../contract/feedback';
import { describedParams, fileResponse, recordId, teacherOnly } from '../../platform/api-docs';
import { notFoundParams } from '../../platform/validation';
import { DOCUMENT_NOT_FOUND } from '../../records/documents';
import { FEEDBACK_NOT_FOUND } from '../../records/feedback';

const tags = ['Feedback'];
const security = teacherOnly;
const documentParams = notFoundParams(
  describedParams(documentIdParamsSchema, { id: recordId('document') }),
  DOCUMENT_NOT_FOUND,
);
const feedbackParams = notFoundParams(
  describedParams(feedbackIdParamsSchema, { id: recordId('feedback item') }),
  FEEDBACK_NOT_FOUND,
);

export const feedbackSchemas = {
  list: {
    tags,
    security,
    summary: 'A document’s feedback, anchored on its text as it is now',
    params: documentParams,
    response: { 200: feedbackListSchema },
  },
  create: {
    tags,
    security,
    summary: 'Add text or audio feedback on a passage (or on the whole document)',
    params: documentParams,
    body: createFeedbackSchema,
    response: { 200: feedbackItemSchema },
  },
  update: {
    tags,
    security,
    summary: 'Change a feedback item’s text',
    params: feedbackParams,
    body: updateFeedbackSchema,
    response: { 200: feedbackItemSchema },
  },
  remove: {
    tags,
    security,
    summary: 'Delete a feedback item (and its recording)',
    params: feedbackParams,
    response: { 200: feedbackDeletedSchema },
  },
  regionCrop: {
    tags,
    security,
    summary: 'The picture of the region a feedback item is about',
    params: feedbackParams,
    response: { 200: fileResponse('The region’s picture (PNG)', 'image/png') },
  },
};
