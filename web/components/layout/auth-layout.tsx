import { Card } from '@web/components/ui/card';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandName } from './brand';

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every sign-in and sign-up screen shares. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-indigo-50 via-slate-50 to-slate-50">
      <header className="px-4 py-5 sm:px-8">
        <Link
          href="/"
          className="inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-offset-4"
        >
          <BrandName />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:pt-12">
        <Card className="w-full max-w-md p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {description ? <p className="mt-1.5 text-sm text-slate-600">{description}</p> : null}
          <div className="mt-6">{children}</div>
          {footer ? (
            <div className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-600">
              {footer}
            </div>
          ) : null}
        </Card>
      </main>
    </div>
  );
}
