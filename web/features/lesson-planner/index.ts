// The lesson planner's public face: other features (the dashboard) import only from here.

// The dashboard's Recent Activity deletes a plan from its row.
export { useDeleteLessonPlan } from './api/lesson-plans';
export { EmbeddedPlanner } from './components/embedded-planner';
export { LessonPlannerPage } from './components/lesson-planner-page';
