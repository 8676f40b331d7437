import {
  generateVideoRequestSchema,
  generateVideoResponseSchema,
  renderIdParamsSchema,
  videoStatusSchema,
} from '../../../contract/avatar-video';
import { fileResponse, teacherOnly } from '../../platform/api-docs';
import { readByTheRoute } from '../../platform/validation';

const tags = ['Parent reports'];
const ownerMedia =
  'The render’s owner only; 409 while it is still rendering or when it failed. A parent plays it under the report link’s own address.';

export const avatarVideoSchemas = {
  generate: {
    tags,
    security: teacherOnly,
    summary: 'Start rendering a report video (avatar speaking the report)',
    // JSON or a form upload: the route reads it itself (readMediaBody, multipart).
    body: readByTheRoute(generateVideoRequestSchema),
    response: { 200: generateVideoResponseSchema },
  },
  status: {
    tags,
    security: teacherOnly,
    summary: 'A render’s progress (the owner only)',
    params: renderIdParamsSchema,
    response: { 200: videoStatusSchema },
  },
  video: {
    tags,
    security: teacherOnly,
    summary: 'The rendered MP4 (byte ranges supported)',
    description: ownerMedia,
    params: renderIdParamsSchema,
    response: {
      200: fileResponse('The video', 'video/mp4'),
      206: fileResponse('The requested byte range', 'video/mp4'),
    },
  },
  captions: {
    tags,
    security: teacherOnly,
    summary: 'The video’s captions as WebVTT',
    description: ownerMedia,
    params: renderIdParamsSchema,
    response: { 200: fileResponse('WebVTT captions', 'text/vtt') },
  },
};
