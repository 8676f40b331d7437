import type { FastifyInstance } from 'fastify';
import {
  DOCUMENTS_NEXT_CURSOR_HEADER as NEXT_CURSOR_HEADER,
  DOCUMENTS_TOTAL_HEADER as TOTAL_HEADER,
} from '../../../contract/document-constants';
import type { SchemaTypes } from '../../platform/api-docs';
import { ADMIN_SESSION_COOKIE, clearSessionCookie, setSessionCookie } from '../../platform/cookies';
import { unauthorized } from '../../platform/errors';
import type { ThrottleRule } from '../../platform/throttle';
import {
  blockTeacher,
  checkAdminCredentials,
  createAdminSession,
  deleteTeacher,
  listTeachers,
  presentAdminUser,
  requireAdmin,
  revokeAdminSession,
  summarizeTeachers,
  unblockTeacher,
  verifyTeacher,
} from '../../records/admin';
import type { AppContext } from '../../records/context';
import { adminSchemas } from './route-schemas';

const ADMIN_LOGIN_PER_ADDRESS: ThrottleRule = { limit: 30, windowMs: 15 * 60_000 };
/** Failures per address: nobody elsewhere can lock the administrator out. */
const ADMIN_LOGIN_FAILURES_PER_ADDRESS: ThrottleRule = { limit: 10, windowMs: 15 * 60_000 };

export async function adminRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  const secure = ctx.config.trustProxyHops > 0;

  app.post('/api/admin/login', { schema: adminSchemas.login }, async (request, reply) => {
    const { username, password } = request.body;
    const failures = `admin-login:failures:${request.ip}`;
    await ctx.throttle.hit(`admin-login:ip:${request.ip}`, ADMIN_LOGIN_PER_ADDRESS);
    await ctx.throttle.check(failures, ADMIN_LOGIN_FAILURES_PER_ADDRESS);
    if (!(await checkAdminCredentials(ctx, username, password))) {
      await ctx.throttle.hit(failures, ADMIN_LOGIN_FAILURES_PER_ADDRESS).catch(() => undefined);
      throw unauthorized('Invalid username or password', 'invalid_credentials');
    }
    await ctx.throttle.reset(failures);
    const session = await createAdminSession(ctx.db, username);
    setSessionCookie(reply, ADMIN_SESSION_COOKIE, session.token, session.expiresAt, secure);
    return { username };
  });

  app.post('/api/admin/logout', { schema: adminSchemas.logout }, async (request, reply) => {
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    if (token) await revokeAdminSession(ctx.db, token);
    clearSessionCookie(reply, ADMIN_SESSION_COOKIE, secure);
    return { message: 'Logged out' };
  });

  // Everything below needs an admin session; nothing else grants it.
  app.register(async (instance) => {
    const admin = instance.withTypeProvider<SchemaTypes>();
    admin.addHook('preValidation', requireAdmin(ctx.db));

    admin.get('/api/admin/session', { schema: adminSchemas.session }, async (request) => ({
      username: request.adminUsername,
    }));

    admin.get('/api/admin/users', { schema: adminSchemas.users }, async (request, reply) => {
      const page = await listTeachers(ctx, request.query);
      reply.header(TOTAL_HEADER, String(page.total));
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.teachers.map(presentAdminUser);
    });

    admin.get('/api/admin/users/summary', { schema: adminSchemas.summary }, async () =>
      summarizeTeachers(ctx),
    );

    admin.post('/api/admin/users/:id/verify', { schema: adminSchemas.verify }, async (request) =>
      presentAdminUser(await verifyTeacher(ctx, request.params.id)),
    );
    admin.post('/api/admin/users/:id/block', { schema: adminSchemas.block }, async (request) =>
      presentAdminUser(await blockTeacher(ctx, request.params.id)),
    );
    admin.post('/api/admin/users/:id/unblock', { schema: adminSchemas.unblock }, async (request) =>
      presentAdminUser(await unblockTeacher(ctx, request.params.id)),
    );
    admin.delete('/api/admin/users/:id', { schema: adminSchemas.deleteUser }, async (request) => {
      await deleteTeacher(ctx, request.params.id);
      return { message: 'User deleted' };
    });
  });
}
