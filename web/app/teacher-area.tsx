import { TooltipProvider } from '@web/components/ui/tooltip';
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { lazyPage } from './lazy-page';
import { PageLoading } from './page-loading';
import { TeacherShell } from './teacher-shell';

// Each teacher page is its own chunk: the dashboard does not carry the lesson planner's
// drag and drop or the review screen's recorder until they are opened.
const DashboardPage = lazyPage(
  () => import('@web/features/dashboard/components/dashboard-page'),
  'DashboardPage',
);
const DocumentsPage = lazyPage(
  () => import('@web/features/documents/components/documents-page'),
  'DocumentsPage',
);
const ReviewPage = lazyPage(
  () => import('@web/features/review/components/review-page'),
  'ReviewPage',
);
const LessonPlannerPage = lazyPage(
  () => import('@web/features/lesson-planner/components/lesson-planner-page'),
  'LessonPlannerPage',
);
const ParentReportsPage = lazyPage(
  () => import('@web/features/parent-reports/components/parent-reports-page'),
  'ParentReportsPage',
);
const StudentsPage = lazyPage(
  () => import('@web/features/students/components/students-page'),
  'StudentsPage',
);
const StudentDocumentsPage = lazyPage(
  () => import('@web/features/students/components/student-documents-page'),
  'StudentDocumentsPage',
);
const ProfilePage = lazyPage(
  () => import('@web/features/profile/components/profile-page'),
  'ProfilePage',
);
const SettingsPage = lazyPage(
  () => import('@web/features/settings/components/settings-page'),
  'SettingsPage',
);
const NotFoundPage = lazyPage(
  () => import('@web/features/not-found/components/not-found-page'),
  'NotFoundPage',
);

export function TeacherArea() {
  return (
    // Tooltips live in the workspaces only, so pupils' pages do not carry Radix Tooltip.
    <TooltipProvider>
      <TeacherShell>
        <Suspense fallback={<PageLoading />}>
          <Switch>
            <Route path="/teacher" component={DashboardPage} />
            <Route path="/teacher/documents" component={DocumentsPage} />
            <Route path="/teacher/document/:id" component={ReviewPage} />
            <Route path="/teacher/lesson-planner" component={LessonPlannerPage} />
            <Route path="/teacher/parent-reports" component={ParentReportsPage} />
            <Route path="/teacher/students" component={StudentsPage} />
            <Route path="/teacher/students/:id" component={StudentDocumentsPage} />
            <Route path="/teacher/profile" component={ProfilePage} />
            <Route path="/teacher/settings" component={SettingsPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </TeacherShell>
    </TooltipProvider>
  );
}
