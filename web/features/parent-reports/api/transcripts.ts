import { apiFetch } from '@web/lib/api';

/** Runs the enhancer again on text the teacher typed or edited. */
export async function enhanceTranscript(text: string): Promise<string> {
  const result = await apiFetch<{ enhancedTranscript: string }>('/api/transcripts/enhance', {
    method: 'POST',
    body: { text },
  });
  return result.enhancedTranscript;
}
