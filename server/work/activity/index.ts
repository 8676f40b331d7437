export { recentActivity } from './recent-activity';
