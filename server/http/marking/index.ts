export { markingRoutes } from './routes';
