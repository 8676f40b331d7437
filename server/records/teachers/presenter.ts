import type { User } from '../../../contract/auth';
import type { Teacher } from './sessions';

/** What of a teacher row may leave the server: never the password hash. */
export function presentUser(teacher: Teacher): User {
  return {
    id: teacher.id,
    email: teacher.email,
    firstName: teacher.firstName,
    lastName: teacher.lastName,
    emailVerified: teacher.emailVerifiedAt !== null,
    isBlocked: teacher.blockedAt !== null,
    createdAt: teacher.createdAt.toISOString(),
    profileImageUrl: teacher.profileImageUrl,
  };
}
