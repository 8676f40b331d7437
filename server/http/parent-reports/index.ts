export { parentReportRoutes } from './routes';
