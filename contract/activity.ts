import { z } from 'zod';

/*
 * The dashboard's Recent Activity:
 * one list built from the teacher's own hand-ins, shared feedback, lesson plans and parent
 * reports, newest first.
 */

export const ACTIVITY_TYPES = ['document', 'lesson', 'report'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_STATUSES = ['completed', 'in_progress', 'draft'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** Which record an activity came from, so its actions can open that record. */
export const ACTIVITY_SOURCES = ['hand-in', 'feedback-shared', 'lesson-plan', 'report'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

export const activitySchema = z.object({
  /** Unique across sources, e.g. "hand-in-12" or "feedback-shared-3". */
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  source: z.enum(ACTIVITY_SOURCES),
  /** The document, lesson plan or report the actions open. */
  targetId: z.number(),
  title: z.string(),
  description: z.string(),
  /** ISO time of the event. */
  date: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
});
export type Activity = z.infer<typeof activitySchema>;

/** How many events the dashboard shows. */
export const RECENT_ACTIVITY_LIMIT = 10;

export const activityListSchema = z.array(activitySchema);
