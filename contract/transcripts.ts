import { z } from 'zod';

/** The longest transcript the enhancer takes: a 120 s recording is far shorter. */
export const MAX_TRANSCRIPT_LENGTH = 20_000;

export const enhanceTranscriptRequestSchema = z.object({
  text: z
    .string({ error: 'Transcript text is required' })
    .max(MAX_TRANSCRIPT_LENGTH, 'The transcript is too long (at most 20,000 characters)'),
});
export type EnhanceTranscriptRequest = z.input<typeof enhanceTranscriptRequestSchema>;

export const enhanceTranscriptResponseSchema = z.object({ enhancedTranscript: z.string() });
export type EnhanceTranscriptResponse = z.infer<typeof enhanceTranscriptResponseSchema>;
