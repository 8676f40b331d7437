// The admin feature's door: what the app (and only the app) takes from it.
export const loadAdminLoginPage = () => import('./components/admin-login-page');
export const loadAdminPortalPage = () => import('./components/admin-portal-page');
export const loadAdminDashboardPage = () => import('./components/admin-dashboard-page');
export const loadAdminUsersPage = () => import('./components/admin-users-page');
export const loadAdminSettingsPage = () => import('./components/admin-settings-page');
export { useAdminLogout, useAdminSession } from './api/admin-session';
