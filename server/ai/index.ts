import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config';
import { type Enhancer, httpEnhancer, ruleBasedEnhancer } from './enhancement';
import { chooseLessonSuggester, type LessonSuggester } from './lesson-suggestions';
import { httpTranscriber, noTranscriber, type Transcriber } from './transcription';
import { httpVoiceCloner, type VoiceCloner } from './voice-cloning';

export type AiEngines = {
  transcriber: Transcriber;
  enhancer: Enhancer;
  lessonSuggester: LessonSuggester;
  /** A voice-cloning service when VOICE_CLONE_URL is set; null keeps voices built-in. */
  voiceCloner: VoiceCloner | null;
};

/** Built-in offline engines by default; an OpenAI-compatible provider when AI_BASE_URL is set. */
export function createAiEngines(config: Config, log: FastifyBaseLogger): AiEngines {
  const { baseUrl, apiKey, transcriptionModel, chatModel } = config.ai;
  const lessonSuggester = chooseLessonSuggester(config, log);
  const clone = config.voiceClone;
  const voiceCloner = clone?.baseUrl
    ? httpVoiceCloner({ baseUrl: clone.baseUrl, apiKey: clone.apiKey })
    : null;
  if (!baseUrl)
    return {
      transcriber: noTranscriber,
      enhancer: ruleBasedEnhancer,
      voiceCloner,
      lessonSuggester,
    };
  return {
    voiceCloner,
    lessonSuggester,
    transcriber: httpTranscriber({ baseUrl, apiKey, model: transcriptionModel }),
    enhancer: httpEnhancer({ baseUrl, apiKey, model: chatModel }, log),
  };
}
