import { z } from 'zod';

export const healthSchema = {
  tags: ['Health'],
  summary: 'Liveness: the app answers',
  response: { 200: z.object({ status: z.literal('ok') }) },
};
