export { documentRoutes } from './routes';
