import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config';
import type { VoiceSettings } from '../media-types';
import {
  espeakSynthesizer,
  openAiSpeechSynthesizer,
  type SpeechSynthesizer,
  type SynthesizedSpeech,
} from '../speech-synthesis';
import { avatarServiceEngine } from './avatar-service';
import {
  type AvatarVideoEngine,
  builtinVideoEngine,
  type RenderInput,
  type RenderResult,
} from './render';

/**
 * The engines a render uses. Providers (configured in server/config.ts) sit in front of
 * the built-in ones; any provider failure falls back to the built-in engine, and the
 * result's `engine` says which one made it.
 */
export type MediaEngines = {
  speak(text: string, voice: VoiceSettings | null): Promise<SynthesizedSpeech>;
  render(input: RenderInput): Promise<RenderResult>;
};

export function mediaEngines(
  providers: { speech?: SpeechSynthesizer; video?: AvatarVideoEngine },
  log: FastifyBaseLogger,
): MediaEngines {
  return {
    async speak(text, voice) {
      if (providers.speech) {
        try {
          return await providers.speech.synthesize(text, voice);
        } catch (error) {
          log.warn(
            { err: error, provider: providers.speech.name },
            'Speech provider failed; using the built-in voice',
          );
        }
      }
      return espeakSynthesizer.synthesize(text, voice);
    },
    async render(input) {
      // A provider animates a photo; without one (title card) the built-in engine is the only one.
      if (providers.video && input.avatar) {
        try {
          return await providers.video.render(input);
        } catch (error) {
          log.warn(
            { err: error, provider: providers.video.name },
            'Avatar provider failed; rendering built-in',
          );
        }
      }
      return builtinVideoEngine.render(input);
    },
  };
}

/** The configured providers (none by default: everything offline). */
export function createMediaEngines(config: Config, log: FastifyBaseLogger): MediaEngines {
  const { baseUrl, apiKey, speechModel, speechVoice } = config.ai;
  const { url, apiKey: avatarKey, deadlineMs } = config.avatarService;
  return mediaEngines(
    {
      speech:
        baseUrl && speechVoice
          ? openAiSpeechSynthesizer({ baseUrl, apiKey, model: speechModel, voice: speechVoice })
          : undefined,
      video: url ? avatarServiceEngine({ baseUrl: url, apiKey: avatarKey, deadlineMs }) : undefined,
    },
    log,
  );
}
