export { sendRenderCaptions, sendRenderVideo } from './media';
export { presentCreated, presentStatus } from './presenter';
export { deleteRendersById, deleteUnusedRendersBefore, updateRender } from './rows';
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
