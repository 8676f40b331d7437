import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type OpenAiSettings, postToOpenAi } from '../openai-client';
import { addedWords } from './provider-check';
import { enhanceTranscript } from './rule-based';

/** Cleans a spoken transcript: fillers, repeats, false starts, casing, punctuation. */
export type Enhancer = { enhance(transcript: string): Promise<string> };

export const ruleBasedEnhancer: Enhancer = { enhance: async (text) => enhanceTranscript(text) };

const INSTRUCTIONS =
  'You tidy a teacher’s spoken feedback transcript. Remove filler words (um, uh, you know), ' +
  'repeated words and false starts; fix casing and punctuation; improve clarity without ' +
  'adding facts, praise or advice that was not said. Keep British spelling. Answer with the ' +
  'cleaned text only.';

const chatSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/**
 * POST {base}/chat/completions. If the provider fails, or its rewrite adds words the
 * teacher did not say, the rule-based engine answers instead, so a teacher's recording
 * is never lost to an outage and a parent never reads an invented fact.
 */
export function httpEnhancer(
  settings: OpenAiSettings & { model: string },
  log: FastifyBaseLogger,
): Enhancer {
  return {
    async enhance(transcript) {
      if (!transcript.trim()) return '';
      try {
        const answer = chatSchema.parse(
          await postToOpenAi(settings, '/chat/completions', {
            model: settings.model,
            temperature: 0,
            messages: [
              { role: 'system', content: INSTRUCTIONS },
              { role: 'user', content: transcript },
            ],
          }),
        );
        const text = answer.choices[0]?.message.content?.trim();
        // A rewrite that adds a name, a number or any word not said is not used. The log
        // says how many words, never which: they may be about a child.
        const added = text ? addedWords(transcript, text) : [];
        if (text && added.length === 0) return text;
        if (text)
          log.warn(
            { addedWords: added.length },
            'Enhancement provider added words; using the built-in engine',
          );
      } catch (error) {
        log.warn({ err: error }, 'Enhancement provider failed; using the built-in engine');
      }
      return enhanceTranscript(transcript);
    },
  };
}
