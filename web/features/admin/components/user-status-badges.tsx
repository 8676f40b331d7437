import type { AdminUser } from '@contract/admin';
import { Badge } from '@web/components/ui/badge';

export function EmailStatusBadge({ user }: { user: AdminUser }) {
  return user.emailVerified ? (
    <Badge tone="green">Verified</Badge>
  ) : (
    <Badge tone="yellow">Pending</Badge>
  );
}

export function AccountStatusBadge({ user }: { user: AdminUser }) {
  return user.isBlocked ? <Badge tone="red">Blocked</Badge> : <Badge tone="blue">Active</Badge>;
}
