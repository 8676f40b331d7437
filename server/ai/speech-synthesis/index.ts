export { timingFromEspeak } from './espeak-timing';
export { openAiSpeechSynthesizer } from './openai-speech';
export type { SpeechSynthesizer, SynthesizedSpeech } from './synthesizer';
export {
  DEFAULT_VOICE,
  espeakSynthesizer,
  MAX_SYNTHESIS_CHARS,
  SynthesisError,
  speakableText,
  wavFromPcm,
} from './synthesizer';
export { VOICE_TYPE_PITCH_HZ, withinVoiceType } from './voice-type';
