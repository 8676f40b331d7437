export { prepareAvatarJobHandler } from './avatar-job';
export { renderJobHandler } from './render-job';
