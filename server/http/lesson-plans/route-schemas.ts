import {
  copyLessonPlanSchema,
  createLessonPlanSchema,
  createLessonSchema,
  lessonDeletedSchema,
  lessonIdParamsSchema,
  lessonPlanDeletedSchema,
  lessonPlanListSchema,
  lessonPlanSchema,
  lessonSchema,
  lessonSuggestionSchema,
  planIdParamsSchema,
  updateLessonPlanSchema,
  updateLessonSchema,
} from '../../../contract/lesson-plans';
import { describedParams, recordId, teacherOnly } from '../../platform/api-docs';

const tags = ['Lesson planner'];
const security = teacherOnly;
const planParams = describedParams(planIdParamsSchema, { id: recordId('lesson plan') });
const lessonParams = describedParams(lessonIdParamsSchema, { id: recordId('lesson') });

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
    description: 'The body may be empty.',
    params: planParams,
    response: { 200: lessonSuggestionSchema },
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
