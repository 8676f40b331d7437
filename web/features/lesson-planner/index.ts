// The lesson planner's public face: other features (the dashboard) import only from here.

// The dashboard's Recent Activity deletes a plan from its row.
export { useDeleteLessonPlan } from './api/lesson-plans';
// The dashboard's planner, loaded once the dashboard is on screen (it brings drag and drop).
export const loadEmbeddedPlanner = () => import('./components/embedded-planner');
// The page itself is loaded by web/app/teacher-area.tsx from its own module.
export const loadLessonPlannerPage = () => import('./components/lesson-planner-page');
