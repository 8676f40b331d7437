export { classroomRoutes, PHRASE_CONFLICTS_PER_TEACHER } from './routes';
