export { analyzeVoice, framePitch, NOT_ENOUGH_SPEECH, VoiceAnalysisError } from './analyze';
export { encodeWav, syntheticVoice } from './wav';
