import {
  classroomKeyIdSchema,
  classroomKeySchema,
  verifyKeyRequestSchema,
  verifyKeyResponseSchema,
} from '../../../contract/classroom';
import {
  myAssignmentsRequestSchema,
  myAssignmentsResponseSchema,
  pupilDocumentParamsSchema,
  submitAssignmentResponseSchema,
  submitAssignmentSchema,
} from '../../../contract/pupil-portal';
import { DOWNLOAD_MEDIA_TYPES, sharedFeedbackViewSchema } from '../../../contract/sharing';
import {
  describedParams,
  fileResponse,
  recordId,
  recordingResponses,
} from '../../platform/api-docs';
import { notFoundParams } from '../../platform/validation';
import {
  AUDIO_NOT_FOUND,
  audioIdParamsSchema,
  CROP_NOT_FOUND,
  cropIdParamsSchema,
} from '../../records/sharing';
import { downloadQuerySchema } from '../../work/exports';

const cropParams = describedParams(cropIdParamsSchema, {
  feedbackId: recordId('region feedback item'),
});
const audioParams = describedParams(audioIdParamsSchema, {
  feedbackId: recordId('audio feedback item'),
});
const tags = ['Pupil portal'];
const description =
  'Pupils have no account: the classroom key (from the passphrase) or the document’s secret address is the capability. Throttled per address.';

export const pupilPortalSchemas = {
  verifyKey: {
    tags,
    description,
    summary: 'Exchange a classroom passphrase for the classroom key',
    body: verifyKeyRequestSchema,
    response: { 200: verifyKeyResponseSchema },
  },
  classroomKey: {
    tags,
    description,
    summary: 'The class behind a classroom key',
    params: describedParams(classroomKeyIdSchema, {
      id: 'The classroom key from `verify-key` (not the passphrase)',
    }),
    response: { 200: classroomKeySchema },
  },
  submit: {
    tags,
    description,
    summary: 'Hand in work (a file uploaded first through `POST /api/uploads`)',
    body: submitAssignmentSchema,
    response: { 200: submitAssignmentResponseSchema },
  },
  myAssignments: {
    tags,
    description,
    summary: 'A pupil’s handed-in work and its published feedback',
    body: myAssignmentsRequestSchema,
    response: { 200: myAssignmentsResponseSchema },
  },
};

/** Any wrong address, malformed or not, reads the same (and is counted as a miss if well formed). */
export const NOT_FOUND_MESSAGE =
  'This document could not be found. Check the address with your teacher.';
const documentParams = notFoundParams(pupilDocumentParamsSchema, NOT_FOUND_MESSAGE);
const documentDescription =
  'A pupil’s own work by its secret address; drafts stay private until the work is shared or reviewed. A changed passphrase retires the old addresses.';

export const pupilDocumentSchemas = {
  view: {
    tags,
    summary: 'A pupil’s document with its published feedback',
    description: documentDescription,
    params: documentParams,
    response: { 200: sharedFeedbackViewSchema },
  },
  download: {
    tags,
    summary: 'Download a pupil’s document with its feedback',
    description: documentDescription,
    params: documentParams,
    querystring: downloadQuerySchema,
    response: { 200: fileResponse('The document in the chosen format', ...DOWNLOAD_MEDIA_TYPES) },
  },
  originalFile: {
    tags,
    summary: 'The file the pupil handed in, as handed in (byte ranges supported)',
    description: documentDescription,
    params: documentParams,
    response: {
      200: fileResponse('The original file, under a restrictive CSP', 'application/octet-stream'),
      206: fileResponse('The requested byte range', 'application/octet-stream'),
    },
  },
  pageViewFile: {
    tags,
    summary: 'The handed-in file for the page view (PDF or photo)',
    description: documentDescription,
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
  regionCrop: {
    tags,
    summary: 'The picture of a region the teacher marked on a pupil’s document',
    description: documentDescription,
    params: notFoundParams(pupilDocumentParamsSchema.extend(cropParams.shape), {
      phrase: NOT_FOUND_MESSAGE,
      uniqueId: NOT_FOUND_MESSAGE,
      feedbackId: CROP_NOT_FOUND,
    }),
    response: { 200: fileResponse('The region’s picture (PNG)', 'image/png') },
  },
  audio: {
    tags,
    summary: 'The recording of an audio comment on a pupil’s document (byte ranges supported)',
    description: documentDescription,
    params: notFoundParams(pupilDocumentParamsSchema.extend(audioParams.shape), {
      phrase: NOT_FOUND_MESSAGE,
      uniqueId: NOT_FOUND_MESSAGE,
      feedbackId: AUDIO_NOT_FOUND,
    }),
    response: recordingResponses(),
  },
};
