import { cn } from '@web/lib/cn';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Defaults to the item's own path and anything below it. */
  isActive?: (path: string) => boolean;
}

export function isItemActive(item: NavItem, path: string): boolean {
  if (item.isActive) return item.isActive(path);
  return path === item.href || path.startsWith(`${item.href}/`);
}

/** A sidebar row with icon and label. */
export function SidebarLink({ item, active }: { item: NavItem; active: boolean }) {
  const Icon = item.icon;
  return (
    <Link
      href={item.href}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
        active
          ? 'bg-indigo-50 text-indigo-800'
          : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      <Icon
        className={cn('size-5', active ? 'text-indigo-700' : 'text-slate-500')}
        aria-hidden="true"
      />
      {item.label}
    </Link>
  );
}

/** An icon-only tab of the compact bar on narrow screens; the label stays for screen readers. */
export function CompactNavLink({ item, active }: { item: NavItem; active: boolean }) {
  const Icon = item.icon;
  return (
    <Link
      href={item.href}
      aria-current={active ? 'page' : undefined}
      title={item.label}
      className={cn(
        'flex h-12 flex-1 flex-col items-center justify-center rounded-lg transition-colors',
        active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100',
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
      <span className="sr-only">{item.label}</span>
    </Link>
  );
}

export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-indigo-700 focus:shadow-lg"
    >
      Skip to main content
    </a>
  );
}

/** Full-page message while a shell checks the session or hands over to a sign-in page. */
export function ShellStatus({ title, detail }: { title: string; detail?: string }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-2 px-4 text-center">
      <span
        className="size-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none"
        aria-hidden="true"
      />
      <h1 role="status" className="text-base font-semibold text-slate-900">
        {title}
      </h1>
      {detail ? <p className="text-sm text-slate-600">{detail}</p> : null}
    </main>
  );
}
