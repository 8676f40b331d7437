import { describe, expect, it } from 'vitest';
import { VOICE_TYPES } from '../../../contract/voice-types';
import { analyzeVoice } from '../voice-analysis';
import { espeakSynthesizer } from './synthesizer';
import { VOICE_TYPE_PITCH_HZ, withinVoiceType } from './voice-type';

const TEXT =
  'Amelia has worked hard this term and her reading has really improved. She now reads aloud to the class with confidence.';
const measured = (medianPitchHz: number, variant: string) => ({
  medianPitchHz,
  wordsPerMinute: 165,
  variant,
  voicedSeconds: 20,
});

describe('the voice types a teacher chooses', () => {
  it('uses the measured pitch inside the type’s band and clamps it at the edges', () => {
    expect(withinVoiceType(measured(200, 'f2'))).toMatchObject({
      variant: 'f2',
      medianPitchHz: 200,
    });
    expect(withinVoiceType(measured(110, 'f3')).medianPitchHz).toBe(VOICE_TYPE_PITCH_HZ.female.low);
    expect(withinVoiceType(measured(253, 'm3')).medianPitchHz).toBe(VOICE_TYPE_PITCH_HZ.male.high);
    expect(withinVoiceType(measured(120, 'm6'))).toMatchObject({
      variant: 'm6',
      medianPitchHz: 120,
    });
    // A variant from before the types (or an unknown one) speaks as its family's first type.
    expect(withinVoiceType(measured(Number.NaN, 'f4'))).toMatchObject({
      variant: 'f3',
      medianPitchHz: VOICE_TYPE_PITCH_HZ.female.low,
    });
    expect(withinVoiceType(measured(300, 'm1')).variant).toBe('m3');
  });

  it('speaks every female type at 150 Hz or more and every male type at 140 Hz or less, whatever was measured', async () => {
    // A woman measured at 253 Hz choosing a male voice, a man at 110 Hz choosing a female one.
    const spoken = await Promise.all(
      VOICE_TYPES.map(async (type) => {
        const against = type.family === 'female' ? 110 : 253;
        const speech = await espeakSynthesizer.synthesize(
          TEXT,
          withinVoiceType(measured(against, type.id)),
        );
        return { type, wav: speech.wav, hz: (await analyzeVoice(speech.wav)).medianPitchHz };
      }),
    );
    for (const { type, hz } of spoken) {
      if (type.family === 'female') expect(hz, type.id).toBeGreaterThanOrEqual(150);
      else expect(hz, type.id).toBeLessThanOrEqual(140);
    }
    // The two voices of a family are different voices, not the same one twice.
    expect(spoken[0]!.wav.equals(spoken[1]!.wav)).toBe(false);
    expect(spoken[2]!.wav.equals(spoken[3]!.wav)).toBe(false);
  }, 60_000);
});
