import { AUTH_ERROR_CODES } from '@contract/auth-constants';
import { checkEmail, checkLoginPassword } from '@contract/field-rules';
import { AuthLayout } from '@web/components/layout/auth-layout';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { markFirstTimeIfNew, rememberUserProfile } from '@web/lib/auth';
import { useDelayedNavigate } from '@web/lib/use-delayed-navigate';
import { checkFields, usePlainForm } from '@web/lib/use-plain-form';
import { useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useLogin } from '../api/login';
import { bannerFromSearch } from './login-flags';

const REDIRECT_AFTER_LOGIN_MS = 800;
const VERIFY_EMAIL_MESSAGE =
  'Please verify your email address. A new verification email has been sent to your inbox.';

type LoginValues = { email: string; password: string };

// The server's rules (loginRequestSchema), without zod on the page: contract/field-rules.ts.
const checkLogin = (values: LoginValues) =>
  checkFields<LoginValues, LoginValues>({
    email: checkEmail(values.email),
    password: checkLoginPassword(values.password),
  });

function loginErrorText(error: unknown): string {
  if (
    error instanceof ApiRequestError &&
    error.status === 403 &&
    error.code === AUTH_ERROR_CODES.emailNotVerified
  ) {
    return VERIFY_EMAIL_MESSAGE;
  }
  return errorMessage(error, 'Login failed');
}

export function LoginPage() {
  const search = useSearch();
  const banner = useMemo(() => bannerFromSearch(search), [search]);
  const login = useLogin();
  const navigateLater = useDelayedNavigate();
  const [succeeded, setSucceeded] = useState(false);
  const { register, handleSubmit, errors } = usePlainForm({
    defaultValues: { email: '', password: '' },
    validate: checkLogin,
  });

  const onSubmit = handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: (user) => {
        rememberUserProfile(user);
        markFirstTimeIfNew(user);
        setSucceeded(true);
        navigateLater('/teacher', REDIRECT_AFTER_LOGIN_MS);
      },
    });
  });

  return (
    <AuthLayout
      title="Log in to your account"
      description="Welcome back! Enter your details to open your teacher dashboard."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link href="/register" className="font-medium text-indigo-700 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <div className="space-y-3">
        {banner ? <Alert tone={banner.tone}>{banner.text}</Alert> : null}
        {login.isError ? <Alert tone="error">{loginErrorText(login.error)}</Alert> : null}
        {succeeded ? (
          <Alert tone="success">Login successful! Taking you to your dashboard…</Alert>
        ) : null}
      </div>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <FormField label="Email" error={errors.email}>
          {(field) => <Input type="email" autoComplete="email" {...field} {...register('email')} />}
        </FormField>
        <FormField label="Password" error={errors.password}>
          {(field) => (
            <Input
              type="password"
              autoComplete="current-password"
              {...field}
              {...register('password')}
            />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={login.isPending || succeeded}>
          {login.isPending ? 'Logging in…' : 'Log In'}
        </Button>
      </form>
    </AuthLayout>
  );
}
