import {
  loadMarkedWorkPage,
  loadStudentPortalPage,
  loadSubmitPage,
} from '@web/features/pupil-portal';
import { Route, Switch } from 'wouter';
import { lazyPage } from './lazy-page';

const StudentPortalPage = lazyPage(loadStudentPortalPage, 'StudentPortalPage');
const SubmitPage = lazyPage(loadSubmitPage, 'SubmitPage');
// Only a mistyped address needs it: loaded then, not with every pupil page.
const StandaloneNotFound = lazyPage(() => import('./standalone-not-found'), 'StandaloneNotFound');
const MarkedWorkPage = lazyPage(loadMarkedWorkPage, 'MarkedWorkPage');

/** Pupil pages stand alone (no account, no shell); any other /student/* is not found. */
export function StudentArea() {
  return (
    <Switch>
      <Route path="/student" component={StudentPortalPage} />
      <Route path="/student/submit/:keyId" component={SubmitPage} />
      <Route path="/student/feedback/:keyId" component={MarkedWorkPage} />
      <Route component={StandaloneNotFound} />
    </Switch>
  );
}
