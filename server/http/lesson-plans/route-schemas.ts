import {
  bumpDaySchema,
  bumpResultSchema,
  copyLessonPlanSchema,
  createLessonPlanSchema,
  createLessonSchema,
  LESSON_NOT_FOUND,
  LESSON_PLAN_NOT_FOUND,
  lessonAdditionSchema,
  lessonDeletedSchema,
  lessonIdParamsSchema,
  lessonPlanDeletedSchema,
  lessonPlanListSchema,
  lessonPlanSchema,
  lessonSchema,
  lessonSuggestionSchema,
  planIdParamsSchema,
  suggestionRequestSchema,
  suggestionResponseSavedSchema,
  suggestionResponseSchema,
  updateLessonPlanSchema,
  updateLessonSchema,
} from '../../../contract/lesson-plans';
import { describedParams, recordId, teacherOnly } from '../../platform/api-docs';
import { notFoundParams } from '../../platform/validation';

const tags = ['Lesson planner'];
const security = teacherOnly;
const planParams = notFoundParams(
  describedParams(planIdParamsSchema, { id: recordId('lesson plan') }),
  LESSON_PLAN_NOT_FOUND,
);
const lessonParams = notFoundParams(
  describedParams(lessonIdParamsSchema, { id: recordId('lesson') }),
  LESSON_NOT_FOUND,
);

export const lessonPlanSchemas = {
  list: {
    tags,
    security,
    summary: 'The teacher’s lesson plans with their lessons',
    response: { 200: lessonPlanListSchema },
  },
  read: {
    tags,
    security,
    summary: 'One lesson plan with its lessons',
    params: planParams,
    response: { 200: lessonPlanSchema },
  },
  create: {
    tags,
    security,
    summary: 'Create a lesson plan',
    body: createLessonPlanSchema,
    response: { 200: lessonPlanSchema },
  },
  update: {
    tags,
    security,
    summary: 'Rename a lesson plan or change its dates',
    params: planParams,
    body: updateLessonPlanSchema,
    response: { 200: lessonPlanSchema },
  },
  remove: {
    tags,
    security,
    summary: 'Delete a lesson plan and its lessons',
    params: planParams,
    response: { 200: lessonPlanDeletedSchema },
  },
  copy: {
    tags,
    security,
    summary: 'Copy a lesson plan (optionally under a new title and dates)',
    params: planParams,
    body: copyLessonPlanSchema,
    response: { 200: lessonPlanSchema },
  },
  addLesson: {
    tags,
    security,
    summary: 'Add a lesson to a plan',
    params: planParams,
    body: createLessonSchema,
    response: { 200: lessonSchema },
  },
  suggest: {
    tags,
    security,
    summary: 'Suggest lessons for a plan (when lesson suggestions are switched on)',
    description:
      'The body may be empty; `generalIdeas` asks for subject reviews when the marking offers nothing.',
    params: planParams,
    body: suggestionRequestSchema,
    response: { 200: lessonSuggestionSchema },
  },
  respond: {
    tags,
    security,
    summary: 'Say "No Thanks" (not-now) or "wrong" to suggestions, remembered for their evidence',
    params: planParams,
    body: suggestionResponseSchema,
    response: { 200: suggestionResponseSavedSchema },
  },
  bump: {
    tags,
    security,
    summary: 'Move a day’s lessons and every later day’s on by one day (Friday’s to next week)',
    params: planParams,
    body: bumpDaySchema,
    response: { 200: bumpResultSchema },
  },
  addToLesson: {
    tags,
    security,
    summary: 'Append a suggestion’s addition to a lesson already planned (once per suggestion)',
    params: lessonParams,
    body: lessonAdditionSchema,
    response: { 200: lessonSchema },
  },
  updateLesson: {
    tags,
    security,
    summary: 'Change a lesson (move, retime, rename)',
    params: lessonParams,
    body: updateLessonSchema,
    response: { 200: lessonSchema },
  },
  duplicateLesson: {
    tags,
    security,
    summary: 'Duplicate a lesson in its plan',
    params: lessonParams,
    response: { 200: lessonSchema },
  },
  removeLesson: {
    tags,
    security,
    summary: 'Delete a lesson',
    params: lessonParams,
    response: { 200: lessonDeletedSchema },
  },
};
