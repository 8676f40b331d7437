import { PageHeader } from '@web/components/layout/page-header';
import { UserTable } from './user-table';

export function AdminUsersPage() {
  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Verify, block, unblock or delete teacher accounts."
        showSearch={false}
      />
      <UserTable />
    </>
  );
}
