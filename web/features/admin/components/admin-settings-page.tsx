import { PageHeader } from '@web/components/layout/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ShieldCheck } from 'lucide-react';
import { useAdminSession } from '../api/admin-session';

function Env({ name }: { name: string }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-900">{name}</code>;
}

export function AdminSettingsPage() {
  const session = useAdminSession();

  return (
    <>
      <PageHeader title="Settings" subtitle="Administrator account" showSearch={false} />
      <div className="grid max-w-3xl gap-4">
        <Card>
          <CardHeader>
            <CardTitle>Signed in</CardTitle>
            <CardDescription>The administrator account of this session.</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="inline-flex items-center gap-2 text-sm text-slate-800">
              <ShieldCheck className="size-4 text-indigo-700" aria-hidden="true" />
              Username:{' '}
              <span className="font-mono font-semibold">{session.data?.username ?? '…'}</span>
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Administrator credentials</CardTitle>
            <CardDescription>
              The administrator login is not stored in the database and cannot be changed here.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-2 text-sm text-slate-700">
            <p>
              The username is read from the server&apos;s <Env name="ADMIN_USERNAME" /> environment
              variable (&ldquo;admin&rdquo; when it is not set).
            </p>
            <p>
              With <Env name="ADMIN_PASSWORD" /> set, that variable is the password. Without it, the
              server generates a password on its first start and prints it once in its log.
            </p>
            <p>To change the credentials, set both variables and restart the server.</p>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
