// The auth-debug feature's door: what the app (and only the app) takes from it.
export const loadAuthDebugPage = () => import('./components/auth-debug-page');
