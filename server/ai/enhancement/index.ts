export type { Enhancer } from './enhancer';
export { httpEnhancer, ruleBasedEnhancer } from './enhancer';
export { enhanceTranscript } from './rule-based';
