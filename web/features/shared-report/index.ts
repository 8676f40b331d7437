// The shared-report feature's door: what the app (and only the app) takes from it.
export const loadSharedReportPage = () => import('./components/shared-report-page');
