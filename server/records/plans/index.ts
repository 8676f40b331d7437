export { firstDateOf } from './date-shift';
export { presentLesson, presentPlan, presentSuggestion } from './presenter';
export {
  addToLesson,
  bumpDay,
  copyPlan,
  createLesson,
  createPlan,
  deleteLesson,
  deletePlan,
  duplicateLesson,
  getPlan,
  listPlans,
  ownedPlanOf,
  updateLesson,
  updatePlan,
} from './service';
