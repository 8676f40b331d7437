// The profile feature's door: what the app (and only the app) takes from it.
export const loadProfilePage = () => import('./components/profile-page');
