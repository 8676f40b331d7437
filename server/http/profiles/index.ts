export { profileRoutes } from './routes';
