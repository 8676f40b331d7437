import type { FastifyInstance } from 'fastify';
import type { AuthDebugResponse } from '../../../contract/auth-debug';
import type { SchemaTypes } from '../../platform/api-docs';
import {
  ADMIN_SESSION_COOKIE,
  clearSessionCookie,
  setSessionCookie,
  TEACHER_SESSION_COOKIE,
} from '../../platform/cookies';
import { notFound } from '../../platform/errors';
import { adminSessionState } from '../../records/admin';
import type { AppContext } from '../../records/context';
import {
  consumeVerificationToken,
  currentTeacher,
  login,
  presentUser,
  register,
  requireTeacher,
  revokeTeacherSession,
  teacherSessionState,
  VERIFY_PATH,
} from '../../records/teachers';
import { authSchemas } from './route-schemas';

export async function authRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  const secure = ctx.config.trustProxyHops > 0;

  app.post('/api/auth/register', { schema: authSchemas.register }, async (request) => {
    const input = request.body;
    return register(ctx, input, request.ip);
  });

  app.post('/api/auth/login', { schema: authSchemas.login }, async (request, reply) => {
    const input = request.body;
    const { teacher, session } = await login(ctx, input, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    setSessionCookie(reply, TEACHER_SESSION_COOKIE, session.token, session.expiresAt, secure);
    return presentUser(teacher);
  });

  app.get(
    '/api/auth/user',
    { schema: authSchemas.user, preValidation: requireTeacher(ctx.db) },
    async (request) => presentUser(currentTeacher(request)),
  );

  const endSession = async (token: string | undefined) => {
    if (token) await revokeTeacherSession(ctx.db, token);
  };

  // /auth-debug: the caller's own session state. Without a live session it is not found, so
  // the page tells a stranger nothing, not even that it exists.
  app.get('/api/auth/debug', { schema: authSchemas.debug }, async (request, reply) => {
    // Each role's live session, in this order: the teacher's, then the administrator's.
    const found = await Promise.all([
      teacherSessionState(ctx.db, request.cookies[TEACHER_SESSION_COOKIE], secure),
      adminSessionState(ctx.db, request.cookies[ADMIN_SESSION_COOKIE], secure),
    ]);
    const sessions = found.filter((state) => state !== null);
    if (sessions.length === 0) throw notFound('Not found');
    reply.header('Cache-Control', 'no-store');
    return { sessions } satisfies AuthDebugResponse;
  });

  app.post('/api/auth/logout', { schema: authSchemas.logout }, async (request, reply) => {
    await endSession(request.cookies[TEACHER_SESSION_COOKIE]);
    clearSessionCookie(reply, TEACHER_SESSION_COOKIE, secure);
    return { message: 'Logged out' };
  });

  // The sidebar navigates here. A cross-site page must not be able to sign a teacher
  // out by linking to it, so only same-origin (or direct) navigations end the session.
  app.get('/api/auth/logout', { schema: authSchemas.logoutLink }, async (request, reply) => {
    if (request.headers['sec-fetch-site'] !== 'cross-site') {
      await endSession(request.cookies[TEACHER_SESSION_COOKIE]);
      clearSessionCookie(reply, TEACHER_SESSION_COOKIE, secure);
    }
    return reply.redirect('/login', 303);
  });

  app.get(VERIFY_PATH, { schema: authSchemas.verifyEmail }, async (request, reply) => {
    const { token } = request.query;
    try {
      const outcome = token === undefined ? 'invalid' : await consumeVerificationToken(ctx, token);
      const flag =
        outcome === 'verification_failed' ? 'error=verification_failed' : `${outcome}=true`;
      return reply.redirect(`/login?${flag}`, 303);
    } catch (error) {
      request.log.error({ err: error }, 'E-mail verification failed');
      return reply.redirect('/login?error=internal_server_error', 303);
    }
  });
}
