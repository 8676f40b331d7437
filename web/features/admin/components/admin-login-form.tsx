import type { AdminLoginRequest } from '@contract/admin';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useAdminLogin } from '../api/admin-session';

const adminLoginResolver = lazyZodResolver<AdminLoginRequest, AdminLoginRequest>(() =>
  import('@contract/admin').then((module) => module.adminLoginRequestSchema),
);

export function AdminLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useAdminLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminLoginRequest>({
    resolver: adminLoginResolver,
    defaultValues: { username: '', password: '' },
  });
  useEffect(() => adminLoginResolver.preload(), []);

  const onSubmit = handleSubmit((values) => login.mutate(values, { onSuccess }));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {login.isError ? (
        <Alert tone="error">{errorMessage(login.error, 'Authentication failed')}</Alert>
      ) : null}
      <FormField label="Username" error={errors.username?.message}>
        {(field) => <Input autoComplete="username" {...field} {...register('username')} />}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(field) => (
          <Input
            type="password"
            autoComplete="current-password"
            {...field}
            {...register('password')}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in…' : 'Log In'}
      </Button>
    </form>
  );
}
