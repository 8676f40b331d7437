import {
  audioFileParamsSchema,
  audioProcessRequestSchema,
  audioProcessResponseSchema,
} from '../../../contract/feedback';
import { fileResponse, teacherOnly } from '../../platform/api-docs';
import { readByTheRoute } from '../../platform/validation';

const tags = ['Feedback'];

export const audioSchemas = {
  process: {
    tags,
    security: teacherOnly,
    summary: 'Store a recorded audio comment and transcribe it',
    description: 'The recording is sent as base64 in JSON (up to 10 MB of audio).',
    // JSON or a form upload: the route reads it itself (readMediaBody, multipart).
    body: readByTheRoute(audioProcessRequestSchema),
    response: { 200: audioProcessResponseSchema },
  },
  recording: {
    tags,
    security: teacherOnly,
    summary: 'Play one of the teacher’s recordings (byte ranges supported)',
    description:
      'The recording’s owner only. Pupils and parents play a recording under the address of the view that lists it (a shared link, a pupil’s document).',
    params: audioFileParamsSchema,
    response: {
      200: fileResponse('The recording', 'audio/webm', 'audio/mpeg', 'audio/mp4', 'audio/wav'),
      206: fileResponse('The requested byte range', 'audio/webm'),
    },
  },
};
