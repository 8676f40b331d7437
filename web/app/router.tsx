import { AdminDashboardPage } from '@web/features/admin/components/admin-dashboard-page';
import { AdminLoginPage } from '@web/features/admin/components/admin-login-page';
import { AdminPortalPage } from '@web/features/admin/components/admin-portal-page';
import { AdminSettingsPage } from '@web/features/admin/components/admin-settings-page';
import { AdminUsersPage } from '@web/features/admin/components/admin-users-page';
import { LoginPage } from '@web/features/auth/components/login-page';
import { RegisterPage } from '@web/features/auth/components/register-page';
import { AuthDebugPage } from '@web/features/auth-debug/components/auth-debug-page';
import { DashboardPage } from '@web/features/dashboard/components/dashboard-page';
import { DocumentsPage } from '@web/features/documents/components/documents-page';
import { FeedbackViewPage } from '@web/features/feedback-view/components/feedback-view-page';
import { LandingPage } from '@web/features/landing/components/landing-page';
import { LessonPlannerPage } from '@web/features/lesson-planner';
import { NotFoundPage } from '@web/features/not-found/components/not-found-page';
import { ParentReportsPage } from '@web/features/parent-reports';
import { ProfilePage } from '@web/features/profile/components/profile-page';
import { PupilDocumentPage } from '@web/features/pupil-document/components/pupil-document-page';
import { MarkedWorkPage } from '@web/features/pupil-portal/components/marked-work-page';
import { StudentPortalPage } from '@web/features/pupil-portal/components/student-portal-page';
import { SubmitPage } from '@web/features/pupil-portal/components/submit-page';
import { ReviewPage } from '@web/features/review/components/review-page';
import { SettingsPage } from '@web/features/settings/components/settings-page';
import { SharedReportPage } from '@web/features/shared-report/components/shared-report-page';
import { StudentsPage } from '@web/features/students/components/students-page';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { AdminShell } from './admin-shell';
import { TeacherShell } from './teacher-shell';

const ADMIN_PAGES = new Set(['/admin', '/admin/', '/admin/users', '/admin/settings']);

function StandaloneNotFound() {
  return (
    <main id="main-content" className="min-h-dvh">
      <NotFoundPage />
    </main>
  );
}

function TeacherArea() {
  return (
    <TeacherShell>
      <Switch>
        <Route path="/teacher" component={DashboardPage} />
        <Route path="/teacher/documents" component={DocumentsPage} />
        <Route path="/teacher/document/:id" component={ReviewPage} />
        <Route path="/teacher/lesson-planner" component={LessonPlannerPage} />
        <Route path="/teacher/parent-reports" component={ParentReportsPage} />
        <Route path="/teacher/students" component={StudentsPage} />
        <Route path="/teacher/profile" component={ProfilePage} />
        <Route path="/teacher/settings" component={SettingsPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </TeacherShell>
  );
}

/** Pupil pages stand alone (no account, no shell); any other /student/* is not found. */
function StudentArea() {
  return (
    <Switch>
      <Route path="/student" component={StudentPortalPage} />
      <Route path="/student/submit/:keyId" component={SubmitPage} />
      <Route path="/student/feedback/:keyId" component={MarkedWorkPage} />
      <Route component={StandaloneNotFound} />
    </Switch>
  );
}

/** Known admin pages share one shell (and one session check); other /admin/* are not found. */
function AdminArea() {
  const [path] = useLocation();
  if (!ADMIN_PAGES.has(path)) return <StandaloneNotFound />;
  return (
    <AdminShell>
      <Switch>
        <Route path="/admin" component={AdminDashboardPage} />
        <Route path="/admin/users" component={AdminUsersPage} />
        <Route path="/admin/settings" component={AdminSettingsPage} />
      </Switch>
    </AdminShell>
  );
}

export function AppRouter() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/login" component={LoginPage} />
      <Route path="/register" component={RegisterPage} />
      <Route path="/admin-login" component={AdminLoginPage} />
      <Route path="/admin-portal" component={AdminPortalPage} />
      <Route path="/admin/*?" component={AdminArea} />
      <Route path="/teacher/*?" component={TeacherArea} />
      <Route path="/student/*?" component={StudentArea} />
      <Route path="/feedback-view/:accessKey" component={FeedbackViewPage} />
      <Route path="/documents/:phrase/:uniqueId" component={PupilDocumentPage} />
      <Route path="/shared/:key" component={SharedReportPage} />
      <Route path="/auth-debug">
        <AuthDebugPage notFound={<StandaloneNotFound />} />
      </Route>
      {/* The spec's short address of a document: the teacher's review (or, signed out, sign-in). */}
      <Route path="/document/:id">
        {(params) => <Redirect to={`/teacher/document/${encodeURIComponent(params.id)}`} replace />}
      </Route>
      <Route component={StandaloneNotFound} />
    </Switch>
  );
}
