import type { z } from 'zod';
import type { loginRequestSchema, registerRequestSchema } from '../../../contract/auth';

export type LoginRequestParsed = z.output<typeof loginRequestSchema>;
export type RegisterRequestParsed = z.output<typeof registerRequestSchema>;
