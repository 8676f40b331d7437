import { AuthLayout } from '@web/components/layout/auth-layout';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useAdminSession } from '../api/admin-session';
import { AdminLoginForm } from './admin-login-form';

export function AdminLoginPage() {
  const [, navigate] = useLocation();
  const session = useAdminSession();

  // Already signed in as administrator: the form would only be in the way.
  useEffect(() => {
    if (session.isSuccess) navigate('/admin', { replace: true });
  }, [session.isSuccess, navigate]);

  return (
    <AuthLayout
      title="Administrator login"
      description="Sign in with the administrator credentials configured on the server."
    >
      <AdminLoginForm onSuccess={() => navigate('/admin')} />
    </AuthLayout>
  );
}
