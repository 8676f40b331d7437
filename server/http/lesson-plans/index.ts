export { lessonPlanRoutes } from './routes';
