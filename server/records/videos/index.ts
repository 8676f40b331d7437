export { sendRenderCaptions, sendRenderVideo } from './media';
export { presentCreated, presentStatus } from './presenter';
export {
  discardRenders,
  findRender,
  holdRenderPlace,
  insertRender,
  planRender,
  RENDER_VIDEO_JOB,
  type RenderPlan,
  startRender,
  teacherDisplayName,
} from './service';
