/**
 * A voice-cloning service that speaks the ElevenLabs protocol (ElevenLabs itself, or a
 * self-hosted server with the same API): a sample becomes a voice id, and text spoken
 * in that voice comes back as MP3. VOICE_CLONE_URL is the origin, without /v1.
 */
export interface VoiceCloner {
  /** Sends the sample; answers the provider's voice id. */
  createVoice(
    sample: { bytes: Uint8Array; contentType: string; fileName: string },
    name: string,
  ): Promise<string>;
  /** The text spoken in the voice, as audio/mpeg bytes. */
  synthesize(voiceId: string, text: string): Promise<Buffer>;
}

export type VoiceClonerSettings = {
  baseUrl: string;
  apiKey: string | undefined;
  timeoutMs?: number;
};

export class VoiceCloneError extends Error {}

const DEFAULT_TIMEOUT_MS = 60_000;

export function httpVoiceCloner(settings: VoiceClonerSettings): VoiceCloner {
  const base = settings.baseUrl.replace(/\/$/, '');
  const headers: Record<string, string> = settings.apiKey ? { 'xi-api-key': settings.apiKey } : {};
  const send = async (path: string, init: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        signal: AbortSignal.timeout(settings.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'is unreachable';
      throw new VoiceCloneError(`The voice service ${reason}`);
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw new VoiceCloneError(`The voice service answered ${response.status}: ${detail}`);
    }
    return response;
  };

  return {
    async createVoice(sample, name) {
      const form = new FormData();
      form.append('name', name);
      form.append(
        'files',
        new Blob([new Uint8Array(sample.bytes)], { type: sample.contentType }),
        sample.fileName,
      );
      const response = await send('/v1/voices/add', { method: 'POST', headers, body: form });
      const body = (await response.json().catch(() => null)) as { voice_id?: unknown } | null;
      if (typeof body?.voice_id !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(body.voice_id)) {
        throw new VoiceCloneError('The voice service answered without a usable voice id');
      }
      return body.voice_id;
    },
    async synthesize(voiceId, text) {
      const response = await send(`/v1/text-to-speech/${encodeURIComponent(voiceId)}`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', Accept: 'audio/mpeg' },
        body: JSON.stringify({ text }),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length === 0) throw new VoiceCloneError('The voice service sent no audio');
      return bytes;
    },
  };
}
