export { transcriptRoutes } from './routes';
