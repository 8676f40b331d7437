import type { AdminUser } from '@contract/admin';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { formatRelativeTime, formatShortDate } from '@web/lib/format';
import { usePausedValue } from '@web/lib/use-paused-value';
import { RefreshCw, Search, UserSearch, Users } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useAdminUsers } from '../api/admin-users';
import { UserActions } from './user-actions';
import { AccountStatusBadge, EmailStatusBadge } from './user-status-badges';

const headers = [
  'Name',
  'Email',
  'Email status',
  'Account status',
  'Created',
  'Last sign-in',
  'Actions',
];

const fullName = (user: AdminUser) => [user.firstName, user.lastName].filter(Boolean).join(' ');

/** Lets a long address wrap after the @ rather than mid-word. */
function Email({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at < 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

function Created({ user }: { user: AdminUser }) {
  return <time dateTime={user.createdAt}>{formatShortDate(user.createdAt)}</time>;
}

function LastSignIn({ user }: { user: AdminUser }) {
  return user.lastLoginAt ? (
    <time dateTime={user.lastLoginAt}>{formatRelativeTime(user.lastLoginAt)}</time>
  ) : (
    <>Never</>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const name = fullName(user);
  return (
    <tr className="align-middle">
      <th scope="row" className="px-3 py-3 text-left font-medium whitespace-nowrap text-slate-900">
        {name || <span className="font-normal text-slate-600">No name given</span>}
      </th>
      <td className="px-3 py-3 text-slate-700">
        <Email value={user.email} />
      </td>
      <td className="px-3 py-3">
        <EmailStatusBadge user={user} />
      </td>
      <td className="px-3 py-3">
        <AccountStatusBadge user={user} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">
        <Created user={user} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">
        <LastSignIn user={user} />
      </td>
      <td className="px-3 py-3">
        <UserActions user={user} />
      </td>
    </tr>
  );
}

/** Narrow screens get one card per teacher instead of a table too wide to read. */
function UserCard({ user }: { user: AdminUser }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="font-semibold text-slate-900">{fullName(user) || 'No name given'}</p>
      <p className="text-sm break-words text-slate-700">
        <Email value={user.email} />
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <EmailStatusBadge user={user} />
        <AccountStatusBadge user={user} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-600">Created</dt>
          <dd className="text-slate-800">
            <Created user={user} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Last sign-in</dt>
          <dd className="text-slate-800">
            <LastSignIn user={user} />
          </dd>
        </div>
      </dl>
      <div className="mt-3 border-t border-slate-200 pt-2">
        <UserActions user={user} />
      </div>
    </li>
  );
}

const count = (value: number) => value.toLocaleString('en-GB');

function TeacherSearch({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const id = useId();
  return (
    <search className="mb-4 max-w-md space-y-1.5">
      <Label htmlFor={id}>Search teachers by name or e-mail</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          value={value}
          autoComplete="off"
          className="pl-9"
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </search>
  );
}

/**
 * Teacher accounts with the administrator's actions, 50 at a time with "Load more" and a
 * search on the server; shared by /admin/users and the portal.
 */
export function UserTable() {
  const [query, setQuery] = useState('');
  const search = usePausedValue(query);
  return (
    <>
      <TeacherSearch value={query} onChange={setQuery} />
      <UserList search={search} />
    </>
  );
}

function UserList({ search }: { search: string }) {
  const users = useAdminUsers(search);
  const loaded = useMemo(() => users.data?.pages.flatMap((page) => page.users) ?? [], [users.data]);

  if (users.isPending) {
    return (
      <p role="status" className="py-10 text-center text-sm text-slate-600">
        Loading users…
      </p>
    );
  }
  if (users.isError) {
    return (
      <EmptyState
        icon={Users}
        title="Users could not be loaded"
        description="The server did not return the user list. Check your connection and try again."
        actions={
          <Button variant="outline" onClick={() => users.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try Again
          </Button>
        }
      />
    );
  }
  if (loaded.length === 0) {
    return search.trim() ? (
      <EmptyState
        icon={UserSearch}
        title="No teachers found"
        description="No teacher's name or e-mail address contains that text."
      />
    ) : (
      <EmptyState
        icon={Users}
        title="No teachers yet"
        description="Teachers appear here as soon as they sign up for an account."
      />
    );
  }

  const total = Math.max(users.data.pages.at(-1)?.total ?? 0, loaded.length);
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2 lg:hidden" aria-label="Teacher accounts">
        {loaded.map((user) => (
          <UserCard key={user.id} user={user} />
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm lg:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Teacher accounts</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase">
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col" className="px-3 py-3">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {loaded.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          Showing {count(loaded.length)} of {count(total)} {total === 1 ? 'teacher' : 'teachers'}
        </p>
        {users.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            disabled={users.isFetchingNextPage}
            onClick={() => users.fetchNextPage()}
          >
            {users.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        ) : null}
      </div>
    </>
  );
}
