import { activityListSchema } from '../../../contract/activity';
import { teacherOnly } from '../../platform/api-docs';

export const activitySchemas = {
  recent: {
    tags: ['Dashboard'],
    security: teacherOnly,
    summary: 'The teacher’s recent activity (hand-ins, shares, plans, reports), newest first',
    response: { 200: activityListSchema },
  },
};
