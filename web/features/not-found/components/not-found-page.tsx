import { Button } from '@web/components/ui/button';
import { ArrowLeft, FileQuestionMark, House } from 'lucide-react';
import { useLocation } from 'wouter';

/** Where the second button leads: the root of the area the visitor was in. */
export function homeFor(path: string): { href: string; label: string } {
  if (path === '/teacher' || path.startsWith('/teacher/')) {
    return { href: '/teacher', label: 'Teacher Dashboard' };
  }
  if (path === '/student' || path.startsWith('/student/')) {
    return { href: '/student', label: 'Student Portal' };
  }
  return { href: '/', label: 'Home' };
}

export function NotFoundPage() {
  const [location, navigate] = useLocation();
  const home = homeFor(location);

  return (
    <div className="flex flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-700">
        <FileQuestionMark className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">
        <span className="block text-5xl font-extrabold text-indigo-700">404</span>
        <span className="mt-2 block">Page not found</span>
      </h1>
      <p className="mt-3 max-w-md text-base text-slate-600">
        The page you&apos;re looking for doesn&apos;t exist.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={() => window.history.back()}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
        <Button onClick={() => navigate(home.href)}>
          <House aria-hidden="true" />
          {home.label}
        </Button>
      </div>
    </div>
  );
}
