export { sendPupilExport } from './export-download';
export { studentRoutes } from './routes';
