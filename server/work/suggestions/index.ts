export { markingSummary, suggestForPlan } from './suggestions';
