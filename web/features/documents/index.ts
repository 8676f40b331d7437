// The documents feature's door: what the app (and only the app) takes from it.
export const loadDocumentsPage = () => import('./components/documents-page');
