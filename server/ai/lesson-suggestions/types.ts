import type { LessonColor, LessonDay, LessonSuggestion } from '../../../contract/lesson-plans';

/** A lesson already in the week, as the engines see it (no ids, no owner). */
export type WeekLesson = {
  title: string;
  description: string;
  timeSlot: string;
  day: LessonDay;
  color: LessonColor;
  suggestionKey: string | null;
};

/** One topic that drew feedback: counts only, never a pupil's name or words. */
export type MarkingTopic = {
  topic: string;
  /** The subject it belongs to when it is a known school topic ("Maths"), else null. */
  subject: string | null;
  items: number;
  pupils: number;
};

export type MarkingSummary = {
  items: number;
  pupils: number;
  /** Most pupils first. */
  topics: MarkingTopic[];
  /** All of it written in the last 7 days ("this week") or over the last 14. */
  withinWeek: boolean;
};

export type SuggestionInput = {
  plan: { title: string; dateRange: string };
  lessons: WeekLesson[];
  marking: MarkingSummary;
  /** The teacher's pupils' names: never sent to a provider, even inside a lesson title. */
  pupilNames?: string[];
};

export type LessonSuggester = { suggest(input: SuggestionInput): Promise<LessonSuggestion> };
