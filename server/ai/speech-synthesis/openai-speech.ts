import { type SpeechSynthesizer, SynthesisError, speakableText } from './synthesizer';

export type OpenAiSpeechSettings = {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  voice: string;
  timeoutMs?: number;
};

/**
 * An OpenAI-compatible /audio/speech endpoint (AI_BASE_URL includes /v1). It speaks in
 * the provider's voice, not the teacher's measured one; any failure makes the caller
 * fall back to the offline synthesizer.
 */
export function openAiSpeechSynthesizer(settings: OpenAiSpeechSettings): SpeechSynthesizer {
  return {
    name: 'openai-speech',
    async synthesize(text) {
      const response = await fetch(`${settings.baseUrl.replace(/\/$/, '')}/audio/speech`, {
        method: 'POST',
        headers: {
          ...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}),
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          model: settings.model,
          voice: settings.voice,
          input: speakableText(text),
          response_format: 'wav',
        }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 60_000),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200);
        throw new SynthesisError(`/audio/speech answered ${response.status}: ${detail}`);
      }
      const wav = Buffer.from(await response.arrayBuffer());
      if (wav.length < 44 || wav.subarray(0, 4).toString('latin1') !== 'RIFF') {
        throw new SynthesisError('/audio/speech did not answer with WAV audio.');
      }
      const byteRate = wav.readUInt32LE(28);
      const dataBytes = wav.length - 44;
      return {
        wav,
        durationMs: byteRate > 0 ? Math.round((dataBytes / byteRate) * 1000) : 0,
        timing: null,
        engine: 'openai-speech',
      };
    },
  };
}
