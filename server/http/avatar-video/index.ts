export { avatarVideoRoutes } from './routes';
