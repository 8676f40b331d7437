import type { FastifyReply } from 'fastify';

export const TEACHER_SESSION_COOKIE = 'cv_session';
export const ADMIN_SESSION_COOKIE = 'cv_admin';

export const TEACHER_SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const ADMIN_SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export function setSessionCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  expiresAt: Date,
  secure: boolean,
): void {
  reply.setCookie(name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, name: string, secure: boolean): void {
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
