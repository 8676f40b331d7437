/** The parent-reports feature's public face: the page, the dashboard's card and dialogs. */

export { reportsQuery, useReports } from './api/reports';
// The dashboard's card, loaded when the teacher scrolls near it.
export const loadParentReportsCard = () => import('./components/parent-reports-card');
// The page itself is loaded by web/app/teacher-area.tsx from its own module.
// The dashboard's Recent Activity opens a report's View, Share and Delete from its row.
export { ReportDialogs, useReportDialogs } from './components/report-dialogs';
export const loadParentReportsPage = () => import('./components/parent-reports-page');
