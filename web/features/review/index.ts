// The review feature's public face for other features: the dashboard's embedded tool.
export { EmbeddedReview } from './components/embedded-review';
