import { BrandName } from '@web/components/layout/brand';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { toast } from '@web/components/ui/use-toast';
import { useAdminLogout, useAdminSession } from '@web/features/admin';
import { LayoutDashboard, LogOut, Settings, ShieldCheck, Users } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import {
  CompactNavLink,
  isItemActive,
  type NavItem,
  ShellStatus,
  SidebarLink,
  SkipLink,
} from './nav-link';

const ITEMS: NavItem[] = [
  {
    label: 'Dashboard',
    href: '/admin',
    icon: LayoutDashboard,
    isActive: (path) => path === '/admin' || path === '/admin/',
  },
  { label: 'Users', href: '/admin/users', icon: Users },
  { label: 'Settings', href: '/admin/settings', icon: Settings },
];

export function AdminShell({ children }: { children: ReactNode }) {
  const [path, navigate] = useLocation();
  const session = useAdminSession();
  const logout = useAdminLogout();
  const announced = useRef(false);
  const status = session.error?.status;
  const noAccess = status === 401 || status === 403;

  useEffect(() => {
    // Logging out also ends the session; that is not an access problem worth announcing.
    if (!noAccess || logout.isPending || logout.isSuccess || announced.current) return;
    announced.current = true;
    toast({
      title: 'Administrator Access Required',
      description: 'Please log in as an administrator to continue.',
      variant: 'destructive',
    });
    navigate('/admin-login', { replace: true });
  }, [noAccess, logout.isPending, logout.isSuccess, navigate]);

  const handleLogout = () =>
    logout.mutate(undefined, {
      onSettled: () => navigate('/admin-login'),
    });

  if (noAccess) {
    return (
      <ShellStatus
        title="Administrator Access Required"
        detail="Taking you to the administrator login…"
      />
    );
  }
  if (session.isPending) return <ShellStatus title="Checking your administrator session…" />;
  if (session.isError) {
    return (
      <main className="mx-auto max-w-lg px-4 py-24">
        <h1 className="sr-only">Administration</h1>
        <EmptyState
          icon={ShieldCheck}
          title="Your session could not be checked"
          description="The server did not answer. Check your connection and try again."
          actions={<Button onClick={() => session.refetch()}>Try Again</Button>}
        />
      </main>
    );
  }

  return (
    <>
      <SkipLink />
      <div className="min-h-dvh md:flex">
        <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
          <div className="px-5 pt-5 pb-2">
            <BrandName />
            <p className="mt-2 text-xs font-semibold tracking-wide text-indigo-700 uppercase">
              Administration
            </p>
          </div>
          <nav aria-label="Administration" className="flex flex-1 flex-col gap-1 px-3 py-3">
            {ITEMS.map((item) => (
              <SidebarLink key={item.href} item={item} active={isItemActive(item, path)} />
            ))}
          </nav>
          <div className="border-t border-slate-200 p-3">
            <p className="truncate px-3 pb-2 text-xs text-slate-600">
              Signed in as{' '}
              <span className="font-medium text-slate-900">{session.data.username}</span>
            </p>
            <Button
              variant="ghost"
              className="w-full justify-start px-3"
              disabled={logout.isPending}
              onClick={handleLogout}
            >
              <LogOut aria-hidden="true" className="text-slate-500" />
              Log Out
            </Button>
          </div>
        </aside>

        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white md:hidden">
          <div className="flex items-center justify-between px-4 py-2">
            <Link href="/admin" className="rounded-md">
              <BrandName />
            </Link>
            <Button variant="ghost" size="sm" disabled={logout.isPending} onClick={handleLogout}>
              <LogOut aria-hidden="true" />
              Log Out
            </Button>
          </div>
          <nav aria-label="Administration sections" className="flex gap-1 px-2 pb-2">
            {ITEMS.map((item) => (
              <CompactNavLink key={item.href} item={item} active={isItemActive(item, path)} />
            ))}
          </nav>
        </header>

        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 outline-none">
          <div className="mx-auto max-w-7xl px-4 py-6 sm:px-8 md:py-8">{children}</div>
        </main>
      </div>
    </>
  );
}
