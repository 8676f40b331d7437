// The not-found feature's door: the page the app shows for an unknown address.
export { NotFoundPage } from './components/not-found-page';
