// The auth feature's door: what the app (and only the app) takes from it.
export const loadLoginPage = () => import('./components/login-page');
export const loadRegisterPage = () => import('./components/register-page');
