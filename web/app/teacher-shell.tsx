import { BrandMark, BrandName } from '@web/components/layout/brand';
import { ClassroomPhraseProvider } from '@web/components/layout/classroom-phrase';
import { useClassroomPhrase } from '@web/features/settings';
import { forgetUserProfile, fullNameOf, rememberUserProfile, useCurrentUser } from '@web/lib/auth';
import { initials } from '@web/lib/format';
import { useDarkModeFromSettings } from '@web/lib/theme';
import { useDelayedNavigate } from '@web/lib/use-delayed-navigate';
import {
  CalendarDays,
  FileText,
  LayoutDashboard,
  LogOut,
  Mic,
  Settings,
  Users,
  Video,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { FeatureVisits } from './dashboard/hooks/use-feature-visits';
import {
  CompactNavLink,
  isItemActive,
  type NavItem,
  ShellStatus,
  SidebarLink,
  SkipLink,
} from './nav-link';
import { PhoneMoreMenu } from './phone-more-menu';

// About 0.3 s before an unauthenticated visitor lands on /login.
const REDIRECT_TO_LOGIN_MS = 300;

const MAIN_ITEMS: NavItem[] = [
  {
    label: 'Dashboard',
    href: '/teacher',
    icon: LayoutDashboard,
    isActive: (path) => path === '/teacher' || path === '/teacher/',
  },
  {
    label: 'Documents',
    href: '/teacher/documents',
    icon: FileText,
    isActive: (path) => path.startsWith('/teacher/document'),
  },
  { label: 'Lesson Planner', href: '/teacher/lesson-planner', icon: CalendarDays },
  { label: 'Parent Reports', href: '/teacher/parent-reports', icon: Video },
  { label: 'Students', href: '/teacher/students', icon: Users },
  { label: 'Voice & Avatar', href: '/teacher/profile', icon: Mic },
];
const SETTINGS_ITEM: NavItem = { label: 'Settings', href: '/teacher/settings', icon: Settings };

function logOut() {
  // The server ends the session on this address and sends the browser on; the cached profile
  // must not greet the next person at this computer.
  forgetUserProfile();
  window.location.href = '/api/auth/logout';
}

export function TeacherShell({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const user = useCurrentUser();
  const phrase = useClassroomPhrase();
  useDarkModeFromSettings(Boolean(user.data));
  const navigateLater = useDelayedNavigate();

  useEffect(() => {
    if (user.data) rememberUserProfile(user.data);
  }, [user.data]);

  useEffect(() => {
    if (user.isError) navigateLater('/login', REDIRECT_TO_LOGIN_MS, { replace: true });
  }, [user.isError, navigateLater]);

  if (user.isError) return <ShellStatus title="Redirecting to sign in…" />;
  if (user.isPending) return <ShellStatus title="Loading your workspace…" />;

  const name = fullNameOf(user.data) || user.data.email;

  return (
    <ClassroomPhraseProvider phrase={phrase}>
      <FeatureVisits path={path} />
      <SkipLink />
      <div className="min-h-dvh md:flex">
        <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
          <div className="px-5 py-5">
            <Link href="/teacher" className="inline-flex rounded-md">
              <BrandName />
            </Link>
          </div>
          <nav aria-label="Main" className="flex flex-1 flex-col gap-1 overflow-y-auto px-3">
            {MAIN_ITEMS.map((item) => (
              <SidebarLink key={item.href} item={item} active={isItemActive(item, path)} />
            ))}
            <div className="mt-auto border-t border-slate-200 pt-3 pb-2">
              <SidebarLink item={SETTINGS_ITEM} active={isItemActive(SETTINGS_ITEM, path)} />
            </div>
          </nav>
          <div className="border-t border-slate-200 p-3">
            <div className="flex items-center gap-3 rounded-lg px-2 py-2">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
                aria-hidden="true"
              >
                {initials(name) || 'T'}
              </span>
              <div className="min-w-0">
                <p className="text-xs font-medium text-slate-600">Your Profile</p>
                <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
              </div>
            </div>
            <a
              href="/api/auth/logout"
              onClick={(event) => {
                event.preventDefault();
                logOut();
              }}
              className="mt-1 flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
            >
              <LogOut className="size-5 text-slate-500" aria-hidden="true" />
              Log Out
            </a>
          </div>
        </aside>

        <header className="sticky top-0 z-30 flex items-center justify-between border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur md:hidden">
          <Link href="/teacher" className="inline-flex items-center gap-2 rounded-md">
            <BrandMark className="size-7" />
            <span className="font-semibold text-slate-900">Classroom Voice</span>
          </Link>
        </header>

        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 outline-none">
          <div className="mx-auto max-w-6xl px-4 pt-6 pb-24 sm:px-8 md:py-8">{children}</div>
        </main>

        <nav
          aria-label="Sections"
          className="fixed inset-x-0 bottom-0 z-30 flex gap-1 border-t border-slate-200 bg-white px-2 py-1.5 md:hidden"
        >
          {MAIN_ITEMS.map((item) => (
            <CompactNavLink key={item.href} item={item} active={isItemActive(item, path)} />
          ))}
          <PhoneMoreMenu
            name={name}
            settingsActive={isItemActive(SETTINGS_ITEM, path)}
            onLogOut={logOut}
          />
        </nav>
      </div>
    </ClassroomPhraseProvider>
  );
}
