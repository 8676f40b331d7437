import type { AdminUser } from '../../../contract/admin';
import type { Teacher } from '../teachers';
import { presentUser } from '../teachers';

export function presentAdminUser(teacher: Teacher): AdminUser {
  return { ...presentUser(teacher), lastLoginAt: teacher.lastLoginAt?.toISOString() ?? null };
}
