/** The parent-reports feature's public face: the page and the dashboard's card. */
export { ParentReportsCard } from './components/parent-reports-card';
export { ParentReportsPage } from './components/parent-reports-page';
