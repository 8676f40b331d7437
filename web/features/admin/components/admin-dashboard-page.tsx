import { PageHeader } from '@web/components/layout/page-header';
import { buttonClasses } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ArrowRight, Users } from 'lucide-react';
import { Link } from 'wouter';
import { useAdminUserSummary } from '../api/admin-users';

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200 ring-inset">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

export function AdminDashboardPage() {
  const summary = useAdminUserSummary();
  const count = (key: 'teachers' | 'verified' | 'blocked') =>
    summary.data ? summary.data[key].toLocaleString('en-GB') : '–';

  return (
    <>
      <PageHeader title="Admin Dashboard" showSearch={false} />
      <Card className="max-w-3xl">
        <CardHeader className="flex-row items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
            <Users className="size-5" aria-hidden="true" />
          </span>
          <div>
            <CardTitle>User Management</CardTitle>
            <CardDescription>
              Verify teachers&apos; e-mail addresses, block or unblock accounts, and delete them.
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent className="space-y-5">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-busy={summary.isPending}>
            <Stat label="Teachers" value={count('teachers')} />
            <Stat label="Verified" value={count('verified')} />
            <Stat label="Blocked" value={count('blocked')} />
          </dl>
          <Link href="/admin/users" className={buttonClasses()}>
            Manage teacher accounts
            <ArrowRight aria-hidden="true" />
          </Link>
        </CardContent>
      </Card>
    </>
  );
}
