import {
  generateVideoRequestSchema,
  generateVideoResponseSchema,
  renderIdParamsSchema,
  videoStatusSchema,
} from '../../../contract/avatar-video';
import { fileResponse, teacherOnly } from '../../platform/api-docs/route-schema';

const tags = ['Parent reports'];
const publicMedia =
  'Public by its unguessable id, so the parent’s page can play it; 409 while it is still rendering or when it failed.';

export const avatarVideoSchemas = {
  generate: {
    tags,
    security: teacherOnly,
    summary: 'Start rendering a report video (avatar speaking the report)',
    body: generateVideoRequestSchema,
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
    summary: 'The rendered MP4 (byte ranges supported)',
    description: publicMedia,
    params: renderIdParamsSchema,
    response: {
      200: fileResponse('The video', 'video/mp4'),
      206: fileResponse('The requested byte range', 'video/mp4'),
    },
  },
  captions: {
    tags,
    summary: 'The video’s captions as WebVTT',
    description: publicMedia,
    params: renderIdParamsSchema,
    response: { 200: fileResponse('WebVTT captions', 'text/vtt') },
  },
};
