import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { TEACHER_SESSION_COOKIE } from '../../platform/cookies';
import { unauthorized } from '../../platform/errors';
import { cachedTeacherBySession, findTeacherBySession, type Teacher } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    teacher: Teacher | null;
  }
}

/*
 * Who is asking is decided here and in records/admin's guard, nowhere else: a teacher by
 * the teacher session cookie. No request header grants the role.
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

/** For handlers behind requireTeacher: the teacher is always there. */
export function currentTeacher(request: FastifyRequest): Teacher {
  if (!request.teacher) throw unauthorized();
  return request.teacher;
}
