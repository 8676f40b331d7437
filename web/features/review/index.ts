// The review feature's public face for other features: the dashboard's embedded tool.
// Loaded once the dashboard is on screen: it brings the review workspace and recorder.
export const loadEmbeddedReview = () => import('./components/embedded-review');
export const loadReviewPage = () => import('./components/review-page');
