import type { Locator } from 'playwright-core';

/**
 * Plays a <video> to its end, muted, with its captions track turned on as a viewer would
 * (it is off by default because the captions are burned in), and reports what it saw.
 */
export async function playVideoToTheEnd(video: Locator, timeoutMs = 120_000) {
  await video.waitFor({ timeout: timeoutMs });
  return video.evaluate(async (element: HTMLVideoElement) => {
    const track = element.textTracks[0];
    if (track) track.mode = 'showing';
    element.muted = true;
    const ended = new Promise<void>((resolve, reject) => {
      element.addEventListener('ended', () => resolve());
      element.addEventListener('error', () =>
        reject(new Error(`media error ${element.error?.code}`)),
      );
    });
    await element.play();
    await ended;
    return {
      duration: element.duration,
      currentTime: element.currentTime,
      trackReady: element.querySelector('track')?.readyState,
      cues: track?.cues?.length ?? 0,
    };
  });
}
