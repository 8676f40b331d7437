export { adminProfileRoutes } from './profile-routes';
export { adminPupilRoutes } from './pupil-routes';
export { adminRoutes } from './routes';
