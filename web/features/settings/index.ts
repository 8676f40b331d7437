// The settings feature's door: what the app (and only the app) takes from it.
export const loadSettingsPage = () => import('./components/settings-page');
export { classroomPhraseQuery, useClassroomPhrase } from './api/classroom-phrase';
