import type { AuthDebugResponse, SessionState } from '@contract/auth-debug';
import { useQuery } from '@tanstack/react-query';
import { BrandName } from '@web/components/layout/brand';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import type { ApiRequestError } from '@web/lib/api';
import { formatClock, formatLongDate } from '@web/lib/format';
import type { ReactNode } from 'react';

const ROLE_LABEL: Record<SessionState['role'], string> = {
  teacher: 'Teacher',
  administrator: 'Administrator',
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const when = (iso: string) => `${formatLongDate(iso)}, ${formatClock(iso)}`;

function SessionCard({ session }: { session: SessionState }) {
  const rows: [string, string][] = [
    ['Role', ROLE_LABEL[session.role]],
    ['Account', session.account],
    ['Signed in', when(session.createdAt)],
    ['Expires', when(session.expiresAt)],
    ['Cookie', session.cookie.name],
    ['HttpOnly', yesNo(session.cookie.httpOnly)],
    ['Secure', yesNo(session.cookie.secure)],
    ['SameSite', session.cookie.sameSite],
    ['Path', session.cookie.path],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{ROLE_LABEL[session.role]} session</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-600">{term}</dt>
              <dd className="break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * /auth-debug: a signed-in teacher or administrator sees their own session (role, expiry,
 * cookie flags; never the token). Anyone else gets the not-found screen, as the server does.
 */
export function AuthDebugPage({ notFound }: { notFound: ReactNode }) {
  const state = useQuery<AuthDebugResponse, ApiRequestError>({
    queryKey: ['/api/auth/debug'],
    retry: false,
    staleTime: 0,
  });

  if (state.isPending) {
    return (
      <main id="main-content" className="min-h-dvh">
        <p role="status" className="py-16 text-center text-sm text-slate-600">
          Loading…
        </p>
      </main>
    );
  }
  // Features do not import one another: the app hands in its not-found screen.
  if (state.isError) return notFound;
  return (
    <main id="main-content" className="mx-auto min-h-dvh max-w-2xl px-4 py-8 sm:px-8">
      <BrandName />
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Session state</h1>
      <p className="mt-1 text-sm text-slate-600">
        What this browser is signed in as. The session token itself is never shown.
      </p>
      <div className="mt-6 space-y-4">
        {state.data.sessions.map((session) => (
          <SessionCard key={session.role} session={session} />
        ))}
      </div>
    </main>
  );
}
