export { presentLesson, presentPlan, presentSuggestion } from './presenter';
export {
  copyPlan,
  createLesson,
  createPlan,
  deleteLesson,
  deletePlan,
  duplicateLesson,
  getPlan,
  listPlans,
  updateLesson,
  updatePlan,
} from './service';
