import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { ADMIN_SESSION_COOKIE } from '../../platform/cookies';
import { unauthorized } from '../../platform/errors';
import { findAdminBySession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    adminUsername: string | null;
  }
}

/** An administrator by the admin session cookie; no request header grants the role. */
export function requireAdmin(db: Database) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    const admin = token ? await findAdminBySession(db, token) : null;
    if (!admin) throw unauthorized('Administrator Access Required', 'admin_required');
    request.adminUsername = admin.username;
  };
}
