import { LoadErrorBoundary } from '@web/components/layout/load-error-boundary';
import { loadDocumentsPage } from '@web/features/documents';
import { loadLessonPlannerPage } from '@web/features/lesson-planner';
import { loadParentReportsPage } from '@web/features/parent-reports';
import { loadProfilePage } from '@web/features/profile';
import { loadReviewPage } from '@web/features/review';
import { loadSettingsPage } from '@web/features/settings';
import {
  loadPupilDataCard,
  loadStudentDocumentsPage,
  loadStudentsPage,
} from '@web/features/students';
import { routeMatches } from '@web/lib/route-match';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageLoading } from './page-loading';
import { type PreloadablePage, preloadablePage } from './preloadable-page';
import { TeacherShell } from './teacher-shell';

// Each teacher page is its own chunk: the dashboard does not carry the lesson planner's
// drag and drop or the review screen's recorder until they are opened.
const DashboardPage = preloadablePage(
  () => import('@web/app/dashboard/components/dashboard-page'),
  'DashboardPage',
);
const DocumentsPage = preloadablePage(loadDocumentsPage, 'DocumentsPage');
const ReviewPage = preloadablePage(loadReviewPage, 'ReviewPage');
const LessonPlannerPage = preloadablePage(loadLessonPlannerPage, 'LessonPlannerPage');
const ParentReportsPage = preloadablePage(loadParentReportsPage, 'ParentReportsPage');
const StudentsPage = preloadablePage(loadStudentsPage, 'StudentsPage');
const StudentDocumentsPage = preloadablePage(loadStudentDocumentsPage, 'StudentDocumentsPage');
const ProfilePage = preloadablePage(loadProfilePage, 'ProfilePage');
/** Settings and the pupil directory's card for it, once both are loaded. */
let settingsParts:
  | { Page: (props: { pupilData?: ReactNode }) => ReactNode; Card: () => ReactNode }
  | undefined;
function SettingsWithPupilData() {
  if (!settingsParts) return null;
  const { Page, Card } = settingsParts;
  return <Page pupilData={<Card />} />;
}
/** Settings, with the pupil directory's card for exporting and erasing a pupil's data. */
const SettingsPage = preloadablePage(async () => {
  const [{ SettingsPage: Page }, { PupilDataCard: Card }] = await Promise.all([
    loadSettingsPage(),
    loadPupilDataCard(),
  ]);
  settingsParts = { Page, Card };
  return { SettingsWithPupilData };
}, 'SettingsWithPupilData');
const NotFoundPage = preloadablePage(() => import('@web/features/not-found'), 'NotFoundPage');

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
