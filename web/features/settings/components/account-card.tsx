import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { fullNameOf, useCurrentUser } from '@web/lib/auth';
import { formatLongDate } from '@web/lib/format';
import type { ReactNode } from 'react';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

export function AccountCard() {
  const { data: user } = useCurrentUser();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>The details of the account you are signed in with.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-200">
          <Row label="Name">{(user && fullNameOf(user)) || 'Not given'}</Row>
          <Row label="Email">
            <span className="mr-2">{user?.email ?? '…'}</span>
            {user ? (
              user.emailVerified ? (
                <Badge tone="green">Verified</Badge>
              ) : (
                <Badge tone="yellow">Pending</Badge>
              )
            ) : null}
          </Row>
          <Row label="Member since">{user ? formatLongDate(user.createdAt) : '…'}</Row>
        </dl>
      </CardContent>
    </Card>
  );
}
