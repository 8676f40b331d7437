import { z } from 'zod';

/** The one error shape every API failure answers with. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
