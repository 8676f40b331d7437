import { describe, expect, it } from 'vitest';
import type { TimedPhoneme } from '../media-types';
import { mouthTrackFromLoudness, mouthTrackFromPhonemes } from './mouth-track';
import { visemesOf } from './visemes';

const FPS = 25;
const phonemes = (list: Array<[string, number, number]>): TimedPhoneme[] =>
  list.map(([phoneme, startMs, endMs]) => ({ phoneme, startMs, endMs }));

describe('mouth shapes from phonemes', () => {
  it('maps IPA phonemes (with stress and length marks) to the shapes they look like', () => {
    expect(['m', 'b', 'p'].map((p) => visemesOf(p)[0]?.viseme)).toEqual(['mbp', 'mbp', 'mbp']);
    expect(['f', 'v'].map((p) => visemesOf(p)[0]?.viseme)).toEqual(['fv', 'fv']);
    expect(visemesOf('tʃ')[0]?.viseme).toBe('shch');
    expect(visemesOf('ˈɑː')).toEqual([{ viseme: 'aa', share: 1 }]);
    expect(visemesOf('uː')[0]?.viseme).toBe('wu');
    expect(visemesOf('ˈaɪ').map((v) => v.viseme)).toEqual(['aa', 'ee']);
    expect(visemesOf('')).toEqual([{ viseme: 'rest', share: 1 }]);
  });

  it('shuts the lips through a bilabial and in a pause, and opens them for an open vowel', () => {
    const track = mouthTrackFromPhonemes(
      phonemes([
        ['', 0, 400],
        ['m', 400, 520],
        ['ˈa', 520, 800],
        ['p', 800, 880],
        ['ə', 880, 1000],
        ['', 1000, 2000],
      ]),
      50,
      FPS,
    );
    const at = (ms: number) => track[Math.floor((ms / 1000) * FPS)];
    expect(at(460)).toMatchObject({ jaw: 0, lift: 0, press: 1 });
    expect(at(840)).toMatchObject({ jaw: 0, press: 1 });
    expect(at(660)?.jaw).toBeGreaterThan(0.5);
    // From 120 ms into the pause on, and before the first sound, the mouth is at rest.
    for (const ms of [200, 1140, 1500, 1900]) expect(at(ms)?.jaw ?? 1).toBeLessThan(0.02);
  });

  it('opens the jaw less for quiet sounds than for loud ones of the same shape', () => {
    const list = phonemes([['ˈa', 0, 2000]]);
    const loud = mouthTrackFromPhonemes(list, 50, FPS, new Array(50).fill(1));
    const quiet = mouthTrackFromPhonemes(list, 50, FPS, new Array(50).fill(0.3));
    expect(quiet[25]?.jaw ?? 1).toBeLessThan((loud[25]?.jaw ?? 0) / 2);
  });

  it('follows loudness alone without timings, shut when quiet', () => {
    const track = mouthTrackFromLoudness([0, 0.5, 1, 0]);
    expect(track.map((s) => s.jaw)).toEqual([0, 0.375, 0.75, 0]);
  });
});
