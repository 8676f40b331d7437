export {
  PUPIL_UPLOADS_PER_CLASSROOM,
  PUPIL_UPLOADS_PER_CLASSROOM_AND_ADDRESS,
  uploadRoutes,
} from './routes';
