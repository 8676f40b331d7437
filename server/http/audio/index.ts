export { audioRoutes } from './routes';
