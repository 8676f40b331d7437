import { z } from 'zod';

/** One signed-in session as /auth-debug shows it to its owner: its state, never its secret. */
export const sessionStateSchema = z.object({
  role: z.enum(['teacher', 'administrator']),
  /** Who the session belongs to: the teacher's e-mail address or the administrator's name. */
  account: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  cookie: z.object({
    name: z.string(),
    httpOnly: z.boolean(),
    secure: z.boolean(),
    sameSite: z.enum(['lax', 'strict', 'none']),
    path: z.string(),
  }),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

export const authDebugResponseSchema = z.object({ sessions: z.array(sessionStateSchema) });
export type AuthDebugResponse = z.infer<typeof authDebugResponseSchema>;
