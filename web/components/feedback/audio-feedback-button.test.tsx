// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AudioFeedbackButton } from './audio-feedback-button';
import { setPlaybackRate, stopPlayback, toggleClip } from './audio-playback';

afterEach(() => {
  stopPlayback();
  cleanup();
});

const player = () => document.querySelector<HTMLAudioElement>('audio[data-feedback-player]');

describe('the playback speed', () => {
  it('offers 0.75× to 2×, plays every clip at the chosen speed and keeps it for next time', () => {
    render(
      <>
        <AudioFeedbackButton clipId="a" url="/api/audio/a" duration={12} />
        <AudioFeedbackButton clipId="b" url="/api/audio/b" duration={40} />
      </>,
    );
    const [first, second] = screen.getAllByRole('combobox', { name: 'Playback speed' }) as [
      HTMLSelectElement,
      HTMLSelectElement,
    ];
    expect([...first.options].map((option) => option.textContent)).toEqual([
      '0.75×',
      '1×',
      '1.25×',
      '1.5×',
      '1.75×',
      '2×',
    ]);
    expect(first.value).toBe('1');

    fireEvent.change(first, { target: { value: '1.5' } });
    // One player on the page: both clips show the speed, and the player plays at it.
    expect(second.value).toBe('1.5');
    toggleClip('b', '/api/audio/b');
    expect(player()?.playbackRate).toBe(1.5);
    // A new clip's source resets playbackRate to the default: that is kept in step too.
    expect(player()?.defaultPlaybackRate).toBe(1.5);
    expect(window.localStorage.getItem('cv_playback_rate')).toBe('1.5');
  });

  it('ignores a speed it does not offer', () => {
    setPlaybackRate(1);
    setPlaybackRate(16 as never);
    render(<AudioFeedbackButton clipId="c" url="/api/audio/c" duration={5} />);
    expect(
      (screen.getByRole('combobox', { name: 'Playback speed' }) as HTMLSelectElement).value,
    ).toBe('1');
  });
});
