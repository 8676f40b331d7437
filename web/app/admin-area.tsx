import {
  loadAdminDashboardPage,
  loadAdminSettingsPage,
  loadAdminUsersPage,
} from '@web/features/admin';
import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { AdminShell } from './admin-shell';
import { lazyPage } from './lazy-page';
import { PageLoading } from './page-loading';
import { StandaloneNotFound } from './standalone-not-found';

const ADMIN_PAGES = new Set(['/admin', '/admin/', '/admin/users', '/admin/settings']);

const AdminDashboardPage = lazyPage(loadAdminDashboardPage, 'AdminDashboardPage');
const AdminUsersPage = lazyPage(loadAdminUsersPage, 'AdminUsersPage');
const AdminSettingsPage = lazyPage(loadAdminSettingsPage, 'AdminSettingsPage');

/** Known admin pages share one shell (and one session check); other /admin/* are not found. */
export function AdminArea() {
  const [path] = useLocation();
  if (!ADMIN_PAGES.has(path)) return <StandaloneNotFound />;
  return (
    <AdminShell>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/admin" component={AdminDashboardPage} />
          <Route path="/admin/users" component={AdminUsersPage} />
          <Route path="/admin/settings" component={AdminSettingsPage} />
        </Switch>
      </Suspense>
    </AdminShell>
  );
}
