import { loadSharp } from '../../platform/lazy-modules';
import { CANVAS_SIZE } from './face-canvas';

/** The speaking indicator of a title card is drawn at this many heights. */
export const INDICATOR_LEVELS = 8;

/**
 * Without an avatar: a calm title card (the name and captions are drawn by ffmpeg on top)
 * with a speaking indicator, five soft bars that rise with the voice: raw RGB frames,
 * CANVAS_SIZE square, one per indicator level.
 */
export async function titleCardFrames(): Promise<Buffer[]> {
  const sharp = await loadSharp();
  const size = CANVAS_SIZE;
  const level: Buffer[] = [];
  const heights = [0.55, 0.85, 1, 0.8, 0.6];
  for (let step = 0; step < INDICATOR_LEVELS; step++) {
    const o = step / (INDICATOR_LEVELS - 1);
    const bars = heights
      .map((h, i) => {
        const barHeight = 10 + o * h * 70;
        const x = size / 2 - 70 + i * 30;
        return `<rect x="${x}" y="${size * 0.62 - barHeight / 2}" width="16" height="${barHeight}" rx="8" fill="#8fd3c7" opacity="${0.55 + o * 0.45}"/>`;
      })
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
      <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#12324a"/><stop offset="1" stop-color="#1d4d5c"/></linearGradient></defs>
      <rect width="${size}" height="${size}" fill="url(#bg)"/>
      <circle cx="${size / 2}" cy="${size * 0.62}" r="${70 + o * 10}" fill="#ffffff" opacity="0.06"/>
      ${bars}</svg>`;
    level.push(await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer());
  }
  return level;
}
