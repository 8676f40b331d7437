import type { AdminUser } from '../../../contract/admin';
import type { Teacher } from '../../platform/sessions';
import { presentUser } from '../auth/presenter';

export function presentAdminUser(teacher: Teacher): AdminUser {
  return { ...presentUser(teacher), lastLoginAt: teacher.lastLoginAt?.toISOString() ?? null };
}
