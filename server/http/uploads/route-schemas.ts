import {
  uploadFileParamsSchema,
  uploadFormSchema,
  uploadResponseSchema,
} from '../../../contract/pupil-portal';
import { fileResponse, teacherOnly } from '../../platform/api-docs';
import { readByTheRoute } from '../../platform/validation';

const tags = ['Uploads'];

export const uploadSchemas = {
  upload: {
    tags,
    summary: 'Upload a file (a pupil’s work or a teacher’s document)',
    description:
      'Multipart form: `classroomKeyId` (pupils; before the file) and one `file`. Teachers send their session cookie instead. The file is inspected (type, size, structure) before it is stored; pupils’ uploads are throttled per class and per address.',
    consumes: ['multipart/form-data'],
    // A multipart stream: the route reads its parts itself.
    body: readByTheRoute(uploadFormSchema),
    response: { 200: uploadResponseSchema },
  },
  file: {
    tags,
    security: teacherOnly,
    summary: 'One of the teacher’s uploaded files, as uploaded',
    params: uploadFileParamsSchema,
    response: {
      200: fileResponse('The file, under a restrictive CSP', 'application/octet-stream'),
    },
  },
};
