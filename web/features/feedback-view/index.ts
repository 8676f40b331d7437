// The feedback-view feature's door: what the app (and only the app) takes from it.
export const loadFeedbackViewPage = () => import('./components/feedback-view-page');
