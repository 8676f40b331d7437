import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config';
import { providerLessonSuggester } from './provider';
import { builtinLessonSuggester } from './rule-based';
import type { LessonSuggester } from './types';

export {
  classesOfWeek,
  classOfLesson,
  classOfTitle,
  sameClass,
  yearGroupLabel,
  yearOf,
  yearOfGrade,
} from './classes';
export { summariseMarking, type WrongReading, weekSubjectOf } from './marking-summary';
export type {
  EvidencedLesson,
  EvidencedSuggestion,
  FeedbackEvidence,
  LessonSuggester,
  MarkingSummary,
  MarkingTopic,
  SuggestionInput,
  SuggestionResponse,
  WeekLesson,
} from './types';

/** The provider when AI_BASE_URL is set (with the built-in engine behind it), else built-in. */
export function chooseLessonSuggester(
  config: Config,
  log: FastifyBaseLogger,
  options: { timeoutMs?: number } = {},
): LessonSuggester {
  const { baseUrl, apiKey, chatModel } = config.ai;
  if (!baseUrl) return builtinLessonSuggester;
  return providerLessonSuggester(
    { baseUrl, apiKey, model: chatModel, timeoutMs: options.timeoutMs },
    log,
  );
}

export { suggestLessons } from './rule-based';
