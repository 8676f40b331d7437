import type {
  LessonColor,
  LessonDay,
  LessonSuggestion,
  SuggestedLesson,
} from '../../../contract/lesson-plans';
import type { SchoolDay } from '../../../contract/school-day';

/** A lesson already in the week, as the engines see it (no owner). */
export type WeekLesson = {
  /** Its id, so a suggestion can change it; absent in a week that is not stored. */
  id?: number;
  title: string;
  description: string;
  timeSlot: string;
  day: LessonDay;
  color: LessonColor;
  suggestionKey: string | null;
  /** The Class field ("9Y1"); when empty, the class its title names counts (classes.ts). */
  className?: string | null;
};

/** One feedback item as the planner reads it. */
export type FeedbackEvidence = {
  feedbackId: number;
  /** Distinct pupils are counted by this key (the pupil's id, else the document's). */
  pupilKey: string;
  /** The teacher's words: the typed note and the transcript of a spoken comment. */
  text: string;
  /** The pupil's highlighted passage; null when the teacher's settings keep it unread. */
  highlightedText: string | null;
  /** Context only, never the topic; null when the teacher's settings keep it unread. */
  documentTitle: string | null;
  createdAt: Date;
  /** The class or year group the work was done in ("9Y1", "Year 4"), when known. */
  group?: string | null;
  /** The subject of that class or lesson ("Maths"), when known. */
  subject?: string | null;
};

/** A weakness shared by several pupils (of one class, when the evidence names classes). */
export type MarkingTopic = {
  /** The vocabulary's topic id, or its group's when a strand is counted as one ("algebra"). */
  id: string;
  /** As it reads in a reason: "expanding brackets". */
  topic: string;
  /** The subject it belongs to ("Maths"). */
  subject: string;
  /** The class or year group, when the evidence carries one. */
  group: string | null;
  /** Distinct pupils with a weakness or next step on it. */
  pupils: number;
  items: number;
  /** The feedback items it rests on, newest first. */
  feedbackIds: number[];
  latestAt: Date;
  /** All of its items were written in the last 7 days. */
  withinWeek: boolean;
  /** For a strand, its topics with their own distinct pupils, most first. */
  parts: { id: string; topic: string; pupils: number }[];
};

export type MarkingSummary = {
  /** Feedback items read, praise included. */
  items: number;
  pupils: number;
  /** Ranked: most pupils first, then the most recent. */
  topics: MarkingTopic[];
  /** All of it written in the last 7 days ("this week") or over the last 14. */
  withinWeek: boolean;
};

/** A teacher's answer to a suggestion, remembered for the evidence it rested on. */
export type SuggestionResponse = {
  response: 'not-now' | 'wrong';
  suggestionKey: string;
  topicId: string | null;
  className: string | null;
  feedbackIds: number[];
};

export type SuggestionInput = {
  plan: { title: string; dateRange: string };
  lessons: WeekLesson[];
  marking: MarkingSummary;
  /** The teacher's bell schedule; the primary preset when not given. */
  schoolDay?: SchoolDay;
  /**
   * When the plan is this week's: today's weekday. Lessons and free periods on earlier days
   * have passed and are neither changed nor filled.
   */
  firstDay?: LessonDay;
  /** Suggestions the teacher turned down: not made again for the same evidence. */
  declined?: SuggestionResponse[];
  /** The teacher's pupils' names: never sent to a provider, even inside a lesson title. */
  pupilNames?: string[];
  options?: {
    /**
     * The teacher asked for general ideas (reviews of subjects taught often, a catch-up on
     * an empty day). They are proposed only then, and only when the marking shows no
     * weakness to act on.
     */
    generalIdeas?: boolean;
  };
};

/**
 * A suggested lesson as an engine makes it: the contract's lesson without the evidence's
 * links, which the server adds from its own records.
 */
export type EvidencedLesson = Omit<SuggestedLesson, 'evidence'>;

export type EvidencedSuggestion = Omit<LessonSuggestion, 'suggestedLessons'> & {
  suggestedLessons: EvidencedLesson[];
};

export type LessonSuggester = { suggest(input: SuggestionInput): Promise<EvidencedSuggestion> };
