import { type AvatarVideoEngine, finishProviderVideo } from './render';

export type AvatarServiceSettings = {
  baseUrl: string;
  apiKey: string | undefined;
  /** How long one HTTP call may take. */
  requestTimeoutMs?: number;
  /** How long the service may take to finish a video before we give up on it. */
  deadlineMs?: number;
  pollMs?: number;
};

export class AvatarServiceError extends Error {}

const sniffImage = (bytes: Buffer) =>
  bytes.subarray(0, 8).toString('latin1') === '\x89PNG\r\n\x1a\n' ? 'image/png' : 'image/jpeg';
const sniffAudio = (bytes: Buffer) => {
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('RIFF')) return 'audio/wav';
  if (head.startsWith('OggS')) return 'audio/ogg';
  if (head.slice(4, 8) === 'ftyp') return 'audio/mp4';
  return 'audio/webm';
};

/**
 * A talking-avatar service with a D-ID-like protocol: POST {base}/talks with the photo
 * and the audio as data URLs → {id}; GET {base}/talks/{id} until status is done →
 * result_url; GET result_url → MP4. Anything else (timeout, 4xx, 5xx, an error status, a
 * video that never finishes) throws, and the caller renders with the built-in engine.
 */
export function avatarServiceEngine(settings: AvatarServiceSettings): AvatarVideoEngine {
  const base = settings.baseUrl.replace(/\/$/, '');
  const timeout = settings.requestTimeoutMs ?? 30_000;
  const headers = {
    ...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}),
    Accept: 'application/json',
  };
  const call = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      headers: { ...headers, ...init.headers },
      signal: AbortSignal.timeout(timeout),
    });
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 200);
      throw new AvatarServiceError(`${url} answered ${response.status}: ${detail}`);
    }
    return response;
  };
  return {
    name: 'avatar-service',
    async render(input) {
      if (!input.avatar) throw new AvatarServiceError('The avatar service needs a photo.');
      const created = (await (
        await call(`${base}/talks`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            source_image: `data:${sniffImage(input.avatar.photo)};base64,${input.avatar.photo.toString('base64')}`,
            audio: `data:${sniffAudio(input.audio)};base64,${input.audio.toString('base64')}`,
          }),
        })
      ).json()) as { id?: unknown };
      if (typeof created.id !== 'string' || !/^[\w-]{1,100}$/.test(created.id)) {
        throw new AvatarServiceError('The avatar service gave no usable id.');
      }
      const deadline = Date.now() + (settings.deadlineMs ?? 10 * 60_000);
      let resultUrl: string | null = null;
      while (!resultUrl) {
        if (Date.now() > deadline)
          throw new AvatarServiceError('The avatar service did not finish in time.');
        const talk = (await (await call(`${base}/talks/${created.id}`)).json()) as {
          status?: string;
          result_url?: string;
        };
        if (talk.status === 'error')
          throw new AvatarServiceError('The avatar service could not make the video.');
        if (talk.status === 'done' && typeof talk.result_url === 'string') {
          const url = new URL(talk.result_url, `${base}/`);
          if (url.protocol !== 'https:' && url.protocol !== 'http:') {
            throw new AvatarServiceError('The avatar service gave an unusable video address.');
          }
          resultUrl = url.toString();
          break;
        }
        input.onProgress?.(10);
        await new Promise((resolve) => setTimeout(resolve, settings.pollMs ?? 2000));
      }
      const video = Buffer.from(await (await call(resultUrl)).arrayBuffer());
      if (video.subarray(4, 8).toString('latin1') !== 'ftyp') {
        throw new AvatarServiceError('The avatar service did not send an MP4.');
      }
      return finishProviderVideo(input, video, 'avatar-service');
    },
  };
}
