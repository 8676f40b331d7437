export { sharingRoutes } from './routes';
