import { z } from 'zod';
import { recordIdSchema } from '../../../contract/ids';
import {
  createParentReportSchema,
  makeReportVideoSchema,
  parentReportListSchema,
  parentReportSchema,
  REPORT_NOT_FOUND,
  reportDeletedSchema,
  reportIdParamsSchema,
  reportLinkListSchema,
  reportLinkRevokedSchema,
  sharedReportParamsSchema,
  sharedReportSchema,
  shareReportResponseSchema,
  shareReportSchema,
  updateParentReportSchema,
} from '../../../contract/parent-reports';
import { describedParams, fileResponse, recordId, teacherOnly } from '../../platform/api-docs';
import { notFoundParams } from '../../platform/validation';

const tags = ['Parent reports'];
const security = teacherOnly;
const reportParams = notFoundParams(
  describedParams(reportIdParamsSchema, { id: recordId('report') }),
  REPORT_NOT_FOUND,
);
const linkMedia =
  'Only while the link is live: an expired or revoked key, or a deleted report, is not found. Never cached; 409 while the video is still rendering.';

export const parentReportSchemas = {
  list: {
    tags,
    security,
    summary: 'The teacher’s parent reports, last changed first',
    response: { 200: parentReportListSchema },
  },
  read: {
    tags,
    security,
    summary: 'One parent report',
    params: reportParams,
    response: { 200: parentReportSchema },
  },
  create: {
    tags,
    security,
    summary: 'Create a parent report (a draft)',
    body: createParentReportSchema,
    response: { 200: parentReportSchema },
  },
  update: {
    tags,
    security,
    summary: 'Change a draft report (a sent report only stays sent)',
    params: reportParams,
    body: updateParentReportSchema,
    response: { 200: parentReportSchema },
  },
  makeVideo: {
    tags,
    security,
    summary: 'Make (or make again) a draft report’s video',
    description:
      'With the recording kept with the report, or the synthesized voice of the teacher’s voice profile (the default for a typed report). The report answers at once with its video queued; 409 for a sent report, 429 past three videos in the making.',
    params: reportParams,
    body: makeReportVideoSchema,
    response: { 200: parentReportSchema },
  },
  remove: {
    tags,
    security,
    summary: 'Delete a report, its links and its video',
    params: reportParams,
    response: { 200: reportDeletedSchema },
  },
  share: {
    tags,
    security,
    summary: 'Send a report to a parent through an expiring link',
    params: reportParams,
    body: shareReportSchema,
    response: { 200: shareReportResponseSchema },
  },
  links: {
    tags,
    security,
    summary: 'A report’s links, with views',
    params: reportParams,
    response: { 200: reportLinkListSchema },
  },
  revokeLink: {
    tags,
    security,
    summary: 'Revoke a report link',
    params: notFoundParams(
      z.object({ id: recordIdSchema('Link not found').describe(recordId('report link')) }),
      'Link not found',
    ),
    response: { 200: reportLinkRevokedSchema },
  },
  shared: {
    tags,
    summary: 'The parent’s view of a shared report',
    description:
      'Whoever holds the link: no account. Kept out of caches, referrers and search engines; an expired or revoked key is not found.',
    params: notFoundParams(sharedReportParamsSchema, 'Not found'),
    response: { 200: sharedReportSchema },
  },
  sharedVideo: {
    tags,
    summary: 'The report’s video behind a link (byte ranges supported; not counted as a view)',
    description: linkMedia,
    params: notFoundParams(sharedReportParamsSchema, 'Video not found'),
    response: {
      200: fileResponse('The video', 'video/mp4'),
      206: fileResponse('The requested byte range', 'video/mp4'),
    },
  },
  sharedCaptions: {
    tags,
    summary: 'The report video’s captions behind a link, as WebVTT',
    description: linkMedia,
    params: notFoundParams(sharedReportParamsSchema, 'Captions not found'),
    response: { 200: fileResponse('WebVTT captions', 'text/vtt') },
  },
};
