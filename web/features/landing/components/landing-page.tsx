import { BrandName } from '@web/components/layout/brand';
import { buttonClasses } from '@web/components/ui/button';
import { useCurrentUser } from '@web/lib/auth';
import { CalendarDays, FileText, Video } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { DashboardIllustration } from './dashboard-illustration';

const features = [
  {
    icon: FileText,
    title: 'Document feedback',
    text: 'Select a passage of a pupil’s work and attach spoken or written feedback to it.',
  },
  {
    icon: CalendarDays,
    title: 'Lesson planning',
    text: 'Arrange a Monday-to-Friday timetable and let suggestions fill the gaps.',
  },
  {
    icon: Video,
    title: 'Parent reports',
    text: 'Record a few words about a pupil; parents receive a clear, short video report.',
  },
];

export function LandingPage() {
  const [, navigate] = useLocation();
  const user = useCurrentUser();

  // A teacher who is still signed in goes straight to work.
  useEffect(() => {
    if (user.isSuccess) navigate('/teacher', { replace: true });
  }, [user.isSuccess, navigate]);

  return (
    <div className="min-h-dvh bg-gradient-to-b from-indigo-50 via-white to-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5 sm:px-8">
        <BrandName />
        <nav aria-label="Account" className="flex items-center gap-2">
          <Link href="/login" className={buttonClasses({ variant: 'ghost' })}>
            Log In
          </Link>
          <Link href="/register" className={buttonClasses()}>
            Sign Up
          </Link>
        </nav>
      </header>

      <main>
        <section className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-8 pb-16 sm:px-8 lg:grid-cols-[1fr_1.15fr] lg:pt-16">
          <div>
            <p className="inline-flex rounded-full bg-white px-3 py-1 text-xs font-semibold text-indigo-700 ring-1 ring-indigo-200">
              For teachers, pupils and parents
            </p>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Classroom Voice
            </h1>
            <p className="mt-4 text-xl font-medium text-slate-800 sm:text-2xl">
              Feedback pupils hear, lessons that plan themselves, reports parents watch.
            </p>
            <p className="mt-4 max-w-xl text-base text-slate-600">
              One calm place for the work around teaching. Pupils hand in coursework with a
              classroom passphrase, no account needed, and hear your feedback in your own voice.
            </p>
            <div className="mt-8">
              <Link href="/register" className={buttonClasses({ size: 'lg' })}>
                Create your free account
              </Link>
            </div>
          </div>
          <DashboardIllustration />
        </section>

        <section
          aria-labelledby="features-heading"
          className="border-t border-slate-200 bg-white py-16"
        >
          <div className="mx-auto max-w-6xl px-4 sm:px-8">
            <h2 id="features-heading" className="text-2xl font-bold tracking-tight text-slate-900">
              Three tools, one workspace
            </h2>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {features.map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-xl border border-slate-200 p-6">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-slate-600 sm:px-8">
          <p>© {new Date().getFullYear()} Classroom Voice</p>
          <Link href="/admin-login" className="font-medium text-slate-700 hover:underline">
            Administrator sign-in
          </Link>
        </div>
      </footer>
    </div>
  );
}
