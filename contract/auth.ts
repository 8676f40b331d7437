import { z } from 'zod';

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth-constants';

export {
  AUTH_ERROR_CODES,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  ONBOARDING_WINDOW_MS,
} from './auth-constants';

const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Email address is too long')
  .regex(/^[^\s@]+@[^\s@]+$/, 'Please enter a valid email address')
  .transform((value) => value.toLowerCase());

const optionalName = z
  .string()
  .trim()
  .max(100, 'Names must be at most 100 characters')
  .nullish()
  .transform((value) => (value ? value : null));

export const loginRequestSchema = z.object({
  email,
  password: z
    .string({ error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(MAX_PASSWORD_LENGTH, 'Password is too long'),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const registerRequestSchema = z
  .object({
    email,
    firstName: optionalName,
    lastName: optionalName,
    password: z
      .string({ error: 'Password must be at least 6 characters' })
      .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters')
      .max(MAX_PASSWORD_LENGTH, 'Password is too long'),
    confirmPassword: z.string({ error: 'Passwords do not match' }),
    profileImageUrl: z.null().optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailVerified: z.boolean(),
  isBlocked: z.boolean(),
  createdAt: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  requiresVerification: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/**
 * The link in the verification e-mail. A missing or repeated token is no token: the route
 * redirects with `invalid=true`, as for a wrong one.
 */
export const verifyEmailQuerySchema = z.object({
  token: z
    .string()
    .optional()
    .catch(undefined)
    .describe('The one-time token from the verification e-mail'),
});

export const logoutResponseSchema = z.object({ message: z.literal('Logged out') });
