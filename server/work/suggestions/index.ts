export { markingSummary, respondToSuggestion, suggestForPlan } from './suggestions';
