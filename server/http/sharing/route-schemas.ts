import { z } from 'zod';
import { documentIdParamsSchema } from '../../../contract/documents';
import { recordIdSchema } from '../../../contract/ids';
import {
  accessKeyParamsSchema,
  DOWNLOAD_MEDIA_TYPES,
  linkRevokedSchema,
  sharedFeedbackViewSchema,
  shareFeedbackResponseSchema,
  shareFeedbackSchema,
  shareLinkListSchema,
} from '../../../contract/sharing';
import {
  describedParams,
  fileResponse,
  recordId,
  recordingResponses,
  teacherOnly,
} from '../../platform/api-docs';
import { notFoundParams } from '../../platform/validation';
import { DOCUMENT_NOT_FOUND } from '../../records/documents';
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
const tags = ['Sharing feedback'];
const security = teacherOnly;
const documentParams = notFoundParams(
  describedParams(documentIdParamsSchema, { id: recordId('document') }),
  DOCUMENT_NOT_FOUND,
);
const download = fileResponse('The document with its feedback', ...DOWNLOAD_MEDIA_TYPES);
const publicDescription =
  'Whoever holds the link: no account. Answers are kept out of caches, referrers and search engines; an expired or revoked key is not found.';

export const sharingSchemas = {
  share: {
    tags,
    security,
    summary: 'Share a document’s feedback through an expiring link (optionally e-mailed)',
    params: documentParams,
    body: shareFeedbackSchema,
    response: { 200: shareFeedbackResponseSchema },
  },
  links: {
    tags,
    security,
    summary: 'A document’s share links, with views',
    params: documentParams,
    response: { 200: shareLinkListSchema },
  },
  revoke: {
    tags,
    security,
    summary: 'Revoke a share link',
    params: notFoundParams(
      z.object({ id: recordIdSchema('Link not found').describe(recordId('share link')) }),
      'Link not found',
    ),
    response: { 200: linkRevokedSchema },
  },
  teacherDownload: {
    tags,
    security,
    summary: 'Download one of the teacher’s documents with its feedback',
    params: documentParams,
    querystring: downloadQuerySchema,
    response: { 200: download },
  },
  view: {
    tags,
    summary: 'The shared feedback behind a link',
    description: publicDescription,
    params: accessKeyParamsSchema,
    response: { 200: sharedFeedbackViewSchema },
  },
  viewDownload: {
    tags,
    summary: 'Download the shared document with its feedback',
    description: publicDescription,
    params: accessKeyParamsSchema,
    querystring: downloadQuerySchema,
    response: { 200: download },
  },
  viewOriginal: {
    tags,
    summary: 'The handed-in file behind a link, for the page view (not counted as a view)',
    description: publicDescription,
    params: accessKeyParamsSchema,
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
    summary: 'The picture of a region the teacher marked, behind a link',
    description: publicDescription,
    // A key that does not parse is a 400 (as on every link route); an item id, a 404.
    params: notFoundParams(accessKeyParamsSchema.extend(cropParams.shape), {
      feedbackId: CROP_NOT_FOUND,
    }),
    response: { 200: fileResponse('The region’s picture (PNG)', 'image/png') },
  },
  audio: {
    tags,
    summary: 'The recording of an audio comment, behind a link (byte ranges supported)',
    description: publicDescription,
    params: notFoundParams(accessKeyParamsSchema.extend(audioParams.shape), {
      feedbackId: AUDIO_NOT_FOUND,
    }),
    response: recordingResponses(),
  },
};
