/*
 * The planner's fixed values, without zod: the pages import these, and a module that
 * declares schemas would bring zod and every schema into the page (decision 0031).
 * contract/lesson-plans.ts re-exports them beside the schemas.
 */

export const LESSON_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
export type LessonDay = (typeof LESSON_DAYS)[number];
export const LESSON_COLORS = ['blue', 'green', 'purple', 'yellow', 'red'] as const;
export type LessonColor = (typeof LESSON_COLORS)[number];
export const DEFAULT_TIME_SLOT = '9:00 - 9:45 AM';
export const DEFAULT_LESSON_COLOR: LessonColor = 'blue';

export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 5_000;
export const MAX_TIME_SLOT_LENGTH = 60;
export const MAX_DATE_RANGE_LENGTH = 100;
export const MAX_CLASS_NAME_LENGTH = 40;

export const NO_ACTIVE_PLAN = 'No active lesson plan selected';
