import { z } from 'zod';
import { userSchema } from './auth';
import { recordIdSchema } from './ids';

export const adminLoginRequestSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(100, 'Username is too long'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is too long'),
});
export type AdminLoginRequest = z.input<typeof adminLoginRequestSchema>;

export const adminSessionSchema = z.object({ username: z.string() });
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminUserSchema = userSchema.extend({
  lastLoginAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.array(adminUserSchema);

export const userIdParamsSchema = z.object({
  id: recordIdSchema('User id must be a number'),
});
