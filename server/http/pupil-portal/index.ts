export { pupilDocumentRoutes } from './documents-routes';
export { pupilPortalRoutes } from './routes';
