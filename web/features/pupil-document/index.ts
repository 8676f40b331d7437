// The pupil-document feature's door: what the app (and only the app) takes from it.
export const loadPupilDocumentPage = () => import('./components/pupil-document-page');
