import { loadAdminLoginPage, loadAdminPortalPage } from '@web/features/admin';
import { loadLoginPage, loadRegisterPage } from '@web/features/auth';
import { loadAuthDebugPage } from '@web/features/auth-debug';
import { loadFeedbackViewPage } from '@web/features/feedback-view';
import { loadLandingPage } from '@web/features/landing';
import { loadPupilDocumentPage } from '@web/features/pupil-document';
import { loadSharedReportPage } from '@web/features/shared-report';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { lazyPage, lazyQueryPage, queryPage } from './lazy-page';
import { ScreenLoading } from './page-loading';
import { preloadablePage } from './preloadable-page';

/*
 * Every area and standalone page is loaded on demand (React.lazy), so a pupil or a
 * parent opening a link downloads their page and the shared core only: the teacher's
 * workspace and the administrator's portal never reach their browser.
 */

const LandingPage = lazyQueryPage(loadLandingPage, 'LandingPage');
const LoginPage = lazyQueryPage(loadLoginPage, 'LoginPage');
const RegisterPage = lazyQueryPage(loadRegisterPage, 'RegisterPage');
const AdminLoginPage = lazyQueryPage(loadAdminLoginPage, 'AdminLoginPage');
const AdminPortalPage = lazyQueryPage(loadAdminPortalPage, 'AdminPortalPage');
const StandaloneNotFound = lazyPage(() => import('./standalone-not-found'), 'StandaloneNotFound');
const AdminArea = lazyQueryPage(() => import('./admin-area'), 'AdminArea');
const loadTeacherArea = queryPage(() => import('./teacher-area'), 'TeacherArea');
/** Preloaded by main.tsx on a teacher's address, then rendered without suspending. */
export const TeacherArea = preloadablePage(loadTeacherArea, 'Page');
const StudentArea = lazyPage(() => import('./student-area'), 'StudentArea');
const FeedbackViewPage = lazyPage(loadFeedbackViewPage, 'FeedbackViewPage');
const PupilDocumentPage = lazyPage(loadPupilDocumentPage, 'PupilDocumentPage');
const SharedReportPage = lazyPage(loadSharedReportPage, 'SharedReportPage');

// Takes a prop (what to show to anyone but a signed-in user), so it is lazy-loaded directly.
const loadAuthDebugQueryPage = queryPage(loadAuthDebugPage, 'AuthDebugPage');
const AuthDebugPage = lazy(async () => ({
  default: (await loadAuthDebugQueryPage()).Page as ComponentType<{ notFound: ReactNode }>,
}));

declare global {
  interface Window {
    /** The form index.html's guard held back before hydration, if any. */
    cvHeldSubmit?: EventTarget | null;
  }
}

/**
 * Marks <html data-hydrated> once the page's route has committed: inside the route's
 * Suspense boundary, so on a prerendered page it runs only when the page itself is
 * hydrated. Until then index.html's guard keeps forms from being sent natively; a form it
 * held back (a pupil who typed the key and pressed Continue at once) is sent again now,
 * through React's handler, so the click is not lost. Hydration keeps the same form node.
 */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    const held = window.cvHeldSubmit;
    window.cvHeldSubmit = null;
    if (held instanceof HTMLFormElement && held.isConnected) held.requestSubmit();
  }, []);
  return null;
}

export function AppRouter() {
  return (
    <Suspense fallback={<ScreenLoading />}>
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
        {/* A document's short address (in e-mails and links): the teacher's review, or sign-in when signed out. */}
        <Route path="/document/:id">
          {(params) => (
            <Redirect to={`/teacher/document/${encodeURIComponent(params.id)}`} replace />
          )}
        </Route>
        <Route component={StandaloneNotFound} />
      </Switch>
      <MarkHydrated />
    </Suspense>
  );
}
