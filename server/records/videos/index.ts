export { sendRenderCaptions, sendRenderVideo } from './media';
export { presentCreated, presentStatus } from './presenter';
export {
  discardRenders,
  findRender,
  RENDER_VIDEO_JOB,
  startRender,
  teacherDisplayName,
} from './service';
