// The landing feature's door: what the app (and only the app) takes from it.
export const loadLandingPage = () => import('./components/landing-page');
