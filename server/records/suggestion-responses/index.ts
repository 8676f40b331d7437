export { recentResponses, type SavedResponse, saveResponses } from './service';
