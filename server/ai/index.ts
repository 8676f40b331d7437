import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { type Enhancer, httpEnhancer, ruleBasedEnhancer } from './enhancement/enhancer';
import { httpTranscriber, noTranscriber, type Transcriber } from './transcription/transcriber';

export type AiEngines = { transcriber: Transcriber; enhancer: Enhancer };

/** Built-in offline engines by default; an OpenAI-compatible provider when AI_BASE_URL is set. */
export function createAiEngines(config: Config, log: FastifyBaseLogger): AiEngines {
  const { baseUrl, apiKey, transcriptionModel, chatModel } = config.ai;
  if (!baseUrl) return { transcriber: noTranscriber, enhancer: ruleBasedEnhancer };
  return {
    transcriber: httpTranscriber({ baseUrl, apiKey, model: transcriptionModel }),
    enhancer: httpEnhancer({ baseUrl, apiKey, model: chatModel }, log),
  };
}
