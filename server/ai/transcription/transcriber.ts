import { z } from 'zod';
import { type OpenAiSettings, postToOpenAi } from '../openai-client';

/**
 * Turns a recording into text. Built in, there is no engine: no speech model ships in
 * an npm or Debian package that is good enough, so the text comes from the browser's
 * own dictation (when the teacher opts in) or stays empty. It is never invented.
 */
export type Transcriber = {
  readonly available: boolean;
  transcribe(audio: Buffer, contentType: string, extension: string): Promise<string | null>;
};

export const noTranscriber: Transcriber = {
  available: false,
  transcribe: async () => null,
};

const responseSchema = z.object({ text: z.string() });

/** POST {base}/audio/transcriptions (multipart: file, model), as OpenAI and Whisper servers accept. */
export function httpTranscriber(settings: OpenAiSettings & { model: string }): Transcriber {
  return {
    available: true,
    async transcribe(audio, contentType, extension) {
      const form = new FormData();
      form.append('model', settings.model);
      form.append('response_format', 'json');
      form.append(
        'file',
        new Blob([new Uint8Array(audio)], { type: contentType }),
        `recording.${extension}`,
      );
      const answer = responseSchema.parse(
        await postToOpenAi(settings, '/audio/transcriptions', form),
      );
      return answer.text.trim();
    },
  };
}
