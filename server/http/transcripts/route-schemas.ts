import {
  enhanceTranscriptRequestSchema,
  enhanceTranscriptResponseSchema,
} from '../../../contract/transcripts';
import { teacherOnly } from '../../platform/api-docs';

export const transcriptSchemas = {
  enhance: {
    tags: ['Feedback'],
    security: teacherOnly,
    summary: 'Tidy up an edited transcript (unchanged when the assistant is switched off)',
    description: 'Nothing is stored.',
    body: enhanceTranscriptRequestSchema,
    response: { 200: enhanceTranscriptResponseSchema },
  },
};
