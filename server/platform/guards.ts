import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { ADMIN_SESSION_COOKIE, TEACHER_SESSION_COOKIE } from './cookies';
import { unauthorized } from './errors';
import {
  cachedTeacherBySession,
  findAdminBySession,
  findTeacherBySession,
  type Teacher,
} from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    teacher: Teacher | null;
    adminUsername: string | null;
  }
}

/*
 * Who is asking is decided here and nowhere else: a teacher by the teacher session
 * cookie, an administrator by the admin session cookie. No request header grants
 * either role.
 */

export function requireTeacher(db: Database) {
  // A callback hook: a session answered from the cache (most requests) passes at once,
  // without a promise or a microtask's turn; only a miss waits for the database.
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const token = request.cookies[TEACHER_SESSION_COOKIE];
    if (!token) return done(unauthorized());
    const cached = cachedTeacherBySession(db, token);
    if (cached) {
      request.teacher = cached;
      return done();
    }
    findTeacherBySession(db, token).then((teacher) => {
      if (!teacher) return done(unauthorized());
      request.teacher = teacher;
      done();
    }, done);
  };
}

export function requireAdmin(db: Database) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    const admin = token ? await findAdminBySession(db, token) : null;
    if (!admin) throw unauthorized('Administrator Access Required', 'admin_required');
    request.adminUsername = admin.username;
  };
}

/** For handlers behind requireTeacher: the teacher is always there. */
export function currentTeacher(request: FastifyRequest): Teacher {
  if (!request.teacher) throw unauthorized();
  return request.teacher;
}
