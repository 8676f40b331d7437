import { cn } from '@web/lib/cn';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandName } from './brand';

interface PupilLayoutProps {
  children: ReactNode;
  /** Where the product name leads; pages opened from a shared link have nowhere to go back to. */
  homeHref?: string | null;
  /** Wider pages (a document beside its feedback) need more than the form width. */
  width?: 'narrow' | 'wide';
}

/**
 * The public pages' frame (pupil portal, shared feedback, a pupil's document): the product
 * name and nothing a pupil could mistake for a teacher's tools.
 */
export function PupilLayout({
  children,
  homeHref = '/student',
  width = 'narrow',
}: PupilLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-indigo-50 via-slate-50 to-slate-50 print:bg-none print:bg-white">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-indigo-700 focus:shadow"
      >
        Skip to content
      </a>
      <header className="px-4 py-5 sm:px-8 print:hidden">
        {homeHref ? (
          <Link
            href={homeHref}
            className="inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-offset-4"
          >
            <BrandName />
          </Link>
        ) : (
          <BrandName />
        )}
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className={cn(
          'mx-auto w-full flex-1 px-4 pt-2 pb-16 outline-none sm:px-8 sm:pt-6 print:p-0',
          width === 'wide' ? 'max-w-6xl' : 'max-w-2xl',
        )}
      >
        {children}
      </main>
    </div>
  );
}
