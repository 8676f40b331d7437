import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { mediaBinary } from '../../../platform/media';
import type { FaceGeometry } from '../../media-types';
import { espeakSynthesizer, wavFromPcm } from '../../speech-synthesis';

/*
 * Test material made in the test: a drawn face whose geometry is known exactly, and
 * speech from the offline synthesizer followed by silence.
 */

export const TEST_FACE: FaceGeometry = {
  imageWidth: 600,
  imageHeight: 700,
  box: { x: 150, y: 110, width: 300, height: 380 },
  leftEye: { center: { x: 245, y: 260 }, width: 56, height: 24 },
  rightEye: { center: { x: 355, y: 260 }, width: 56, height: 24 },
  mouth: { center: { x: 300, y: 400 }, width: 90, height: 26 },
  score: 1,
};

export function testFacePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="700">
    <rect width="600" height="700" fill="#a9c1cf"/>
    <rect x="120" y="520" width="360" height="200" rx="120" fill="#35557a"/>
    <ellipse cx="300" cy="300" rx="150" ry="190" fill="#e2b394"/>
    <path d="M150 260 Q160 80 300 90 Q440 80 450 260 Q420 150 300 140 Q180 150 150 260Z" fill="#5a3a22"/>
    <ellipse cx="245" cy="260" rx="28" ry="12" fill="#ffffff"/><circle cx="245" cy="260" r="9" fill="#3b2b20"/>
    <ellipse cx="355" cy="260" rx="28" ry="12" fill="#ffffff"/><circle cx="355" cy="260" r="9" fill="#3b2b20"/>
    <path d="M300 280 L290 345 L310 345" stroke="#b98a6e" stroke-width="4" fill="none"/>
    <path d="M255 398 Q300 412 345 398 Q300 424 255 398Z" fill="#b5625c"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/**
 * Synthesized speech, then `silenceSeconds` of digital silence; when the speech ends, and
 * when its words and phonemes are said.
 */
export async function speechThenSilence(text: string, silenceSeconds: number) {
  const speech = await espeakSynthesizer.synthesize(text, null);
  const sampleRate = speech.wav.readUInt32LE(24);
  const pcm = speech.wav.subarray(44);
  const silence = Buffer.alloc(Math.round(silenceSeconds * sampleRate) * 2);
  return {
    wav: wavFromPcm(Buffer.concat([pcm, silence]), sampleRate),
    speechSeconds: speech.durationMs / 1000,
    totalSeconds: speech.durationMs / 1000 + silenceSeconds,
    timing: speech.timing,
  };
}

function run(binary: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${binary} failed: ${err}`)),
    );
  });
}

export type Probe = {
  streams: Array<{
    codec_type: string;
    codec_name: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
  }>;
  format: { duration: string; tags?: Record<string, string> };
};

export async function probe(path: string): Promise<Probe> {
  const out = await run(await mediaBinary('ffprobe'), [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_streams',
    '-show_format',
    path,
  ]);
  return JSON.parse(out.toString('utf8')) as Probe;
}

/** Every frame (at 25 fps) of a region, as 8-bit grey pixels. */
export async function greyFrames(
  path: string,
  region: { x: number; y: number; width: number; height: number },
): Promise<Buffer[]> {
  const { x, y, width, height } = region;
  const out = await run(await mediaBinary('ffmpeg'), [
    '-v',
    'error',
    '-i',
    path,
    '-vf',
    `fps=25,crop=${width}:${height}:${x}:${y}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    'pipe:1',
  ]);
  const size = width * height;
  const frames: Buffer[] = [];
  for (let i = 0; i + size <= out.length; i += size) frames.push(out.subarray(i, i + size));
  return frames;
}

export function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

/** Top-level MP4 boxes in order ('ftyp', 'moov', 'mdat', ...). */
export function topLevelBoxes(mp4: Buffer): string[] {
  const names: string[] = [];
  let offset = 0;
  while (offset + 8 <= mp4.length) {
    let size = mp4.readUInt32BE(offset);
    const name = mp4.subarray(offset + 4, offset + 8).toString('latin1');
    if (size === 1) size = Number(mp4.readBigUInt64BE(offset + 8));
    if (size < 8) break;
    names.push(name);
    offset += size;
  }
  return names;
}
