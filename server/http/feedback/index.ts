export { documentFeedback, feedbackRoutes } from './routes';
