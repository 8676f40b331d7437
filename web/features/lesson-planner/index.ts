// The lesson planner's public face: other features (the dashboard) import only from here.
export { EmbeddedPlanner } from './components/embedded-planner';
export { LessonPlannerPage } from './components/lesson-planner-page';
