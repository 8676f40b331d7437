/*
 * What the voice/avatar profiles hand to the video renderer. Profiles measure these once
 * (when a profile is created); the renderer only reads them.
 */

export type Point = { x: number; y: number };

/** Where the face is in the avatar photo, in that photo's pixels (as stored, after EXIF strip). */
export type FaceGeometry = {
  imageWidth: number;
  imageHeight: number;
  /** The detected face box. */
  box: { x: number; y: number; width: number; height: number };
  leftEye: { center: Point; width: number; height: number };
  rightEye: { center: Point; width: number; height: number };
  /** Outer lip contour's bounding box centre and size, and the gap between the lips at rest. */
  mouth: { center: Point; width: number; height: number };
  /** Detector confidence 0..1. */
  score: number;
  /**
   * The 68 face landmarks (jaw, brows, nose, eyes, lips in the iBUG 300-W order). Profiles
   * made before landmarks were stored lack them; the renderer then places an average face
   * on the eyes and mouth.
   */
  landmarks?: Point[];
};

/** A voice as the offline synthesizer can speak it, measured from the teacher's sample. */
export type VoiceSettings = {
  /** Median fundamental frequency of voiced frames, in Hz. */
  medianPitchHz: number;
  /** Syllable-nucleus rate converted to words per minute. */
  wordsPerMinute: number;
  /** eSpeak NG voice variant chosen from the pitch (e.g. 'f3' or 'm3'). */
  variant: string;
  /** Seconds of voiced speech the measurement rests on. */
  voicedSeconds: number;
};

/**
 * One sound of the speech and when it is said. `phoneme` is IPA (stress marks and length
 * marks allowed, e.g. "ˈaɪ", "iː"); an empty string is a pause. The synthesizer reports
 * these for its own speech; a forced alignment of a transcript to a recording gives the
 * same shape, so the renderer does not care which one made them.
 */
export type TimedPhoneme = { phoneme: string; startMs: number; endMs: number };

/**
 * One word of the spoken text, as written, and when it is said. `textStart`/`textEnd`,
 * when known, are the word's character offsets in the text as spoken (the synthesizer's
 * text after it trims surrounding space) or as aligned (the transcript given to the aligner).
 */
export type TimedWord = {
  text: string;
  startMs: number;
  endMs: number;
  textStart?: number;
  textEnd?: number;
};

/** When each word and sound of a speech is said: drives captions and mouth shapes. */
export type SpeechTiming = { words: TimedWord[]; phonemes: TimedPhoneme[] };
