import { LoadErrorBoundary } from '@web/components/layout/load-error-boundary';
import { routeMatches } from '@web/lib/route-match';
import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageLoading } from './page-loading';
import { type PreloadablePage, preloadablePage } from './preloadable-page';
import { TeacherShell } from './teacher-shell';

// Each teacher page is its own chunk: the dashboard does not carry the lesson planner's
// drag and drop or the review screen's recorder until they are opened.
const DashboardPage = preloadablePage(
  () => import('@web/features/dashboard/components/dashboard-page'),
  'DashboardPage',
);
const DocumentsPage = preloadablePage(
  () => import('@web/features/documents/components/documents-page'),
  'DocumentsPage',
);
const ReviewPage = preloadablePage(
  () => import('@web/features/review/components/review-page'),
  'ReviewPage',
);
const LessonPlannerPage = preloadablePage(
  () => import('@web/features/lesson-planner/components/lesson-planner-page'),
  'LessonPlannerPage',
);
const ParentReportsPage = preloadablePage(
  () => import('@web/features/parent-reports/components/parent-reports-page'),
  'ParentReportsPage',
);
const StudentsPage = preloadablePage(
  () => import('@web/features/students/components/students-page'),
  'StudentsPage',
);
const StudentDocumentsPage = preloadablePage(
  () => import('@web/features/students/components/student-documents-page'),
  'StudentDocumentsPage',
);
const ProfilePage = preloadablePage(
  () => import('@web/features/profile/components/profile-page'),
  'ProfilePage',
);
const SettingsPage = preloadablePage(
  () => import('@web/features/settings/components/settings-page'),
  'SettingsPage',
);
const NotFoundPage = preloadablePage(
  () => import('@web/features/not-found/components/not-found-page'),
  'NotFoundPage',
);

/** The teacher's pages by address, in the order the router tries them. */
const PAGES: { path: string; page: PreloadablePage }[] = [
  { path: '/teacher', page: DashboardPage },
  { path: '/teacher/documents', page: DocumentsPage },
  { path: '/teacher/document/:id', page: ReviewPage },
  { path: '/teacher/lesson-planner', page: LessonPlannerPage },
  { path: '/teacher/parent-reports', page: ParentReportsPage },
  { path: '/teacher/students', page: StudentsPage },
  { path: '/teacher/students/:id', page: StudentDocumentsPage },
  { path: '/teacher/profile', page: ProfilePage },
  { path: '/teacher/settings', page: SettingsPage },
];

/** Starts loading the code of the page at this address (teacher-start.ts, at start). */
export function preloadTeacherPage(address: string): Promise<void> {
  const found = PAGES.find(({ path }) => routeMatches(path, address));
  return (found?.page ?? NotFoundPage).preload();
}

export function TeacherArea() {
  const [address] = useLocation();
  return (
    <TeacherShell>
      <LoadErrorBoundary what="this page" resetKey={address}>
        <Suspense fallback={<PageLoading />}>
          <Switch>
            {PAGES.map(({ path, page }) => (
              <Route key={path} path={path} component={page} />
            ))}
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </LoadErrorBoundary>
    </TeacherShell>
  );
}
