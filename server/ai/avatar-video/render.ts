import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FaceGeometry, SpeechTiming } from '../media-types';
import { avatarAnimator } from './avatar-animator';
import { captionText, timeCues, timeCuesByWords, toWebVtt } from './captions';
import { encode } from './encode';
import {
  decodeToPcm,
  ENVELOPE_SAMPLE_RATE,
  frameLoudness,
  mouthEnvelope,
  voicedSegments,
} from './envelope';
import { CANVAS_SIZE } from './face-canvas';
import { FPS, writeFilterGraph } from './filter-graph';
import { blinkTrack, headTrack } from './head-motion';
import { mouthTrackFromLoudness, mouthTrackFromPhonemes } from './mouth-track';
import { INDICATOR_LEVELS, titleCardFrames } from './title-card';
import { rgbToYuvFrame } from './yuv';

export { DISCLOSURE_TEXT, FPS } from './filter-graph';

export type RenderInput = {
  /** The speech: the teacher's recording in any format ffmpeg reads, or synthesized WAV. */
  audio: Buffer;
  /** The enhanced transcript, shown as captions. */
  captions: string;
  /**
   * When the words and phonemes of the speech are said (the synthesizer's, or a forced
   * alignment of the transcript to the recording). Without it captions follow the voiced
   * stretches and the mouth follows loudness.
   */
  timing?: SpeechTiming | null;
  avatar: { photo: Buffer; face: FaceGeometry } | null;
  teacherName: string;
  onProgress?: (percent: number) => void;
};

export type RenderResult = {
  /** MP4: H.264 yuv420p + AAC, faststart. */
  video: Buffer;
  captionsVtt: string;
  durationMs: number;
  /** Which engine made it ('builtin' or a provider's name). */
  engine: string;
};

export interface AvatarVideoEngine {
  readonly name: string;
  render(input: RenderInput): Promise<RenderResult>;
}

/** Decodes the speech once: its length, the loudness envelope and the timed captions. */
async function prepare(dir: string, input: RenderInput) {
  const audioPath = join(dir, 'speech');
  await writeFile(audioPath, input.audio, { mode: 0o600 });
  const pcm = await decodeToPcm(audioPath);
  const duration = pcm.length / ENVELOPE_SAMPLE_RATE;
  if (duration < 0.2) throw new Error('The recording has no audio to render.');
  const openness = mouthEnvelope(pcm, ENVELOPE_SAMPLE_RATE, FPS);
  const loudness = frameLoudness(pcm, ENVELOPE_SAMPLE_RATE, FPS);
  const words = input.timing?.words ?? [];
  const cues =
    words.length > 0
      ? timeCuesByWords(input.captions, words, duration)
      : timeCues(input.captions, voicedSegments(openness, FPS), duration);
  return { audioPath, duration, openness, loudness, cues };
}

/** The encoder's output options: the same MP4 whichever engine drew the pictures. */
function outputArgs(input: RenderInput, duration: number, made: string, output: string) {
  const disclosure = `AI-generated video: ${made} speaking a recorded or synthesized message. Made by Classroom Voice.`;
  // biome-ignore format: options read best grouped with their values
  return [
    '-map', '[v]', '-map', '1:a:0',
    '-c:v', 'libx264', '-preset', 'superfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-profile:v', 'high',
    '-c:a', 'aac', '-b:a', '96k', '-ac', '1', '-ar', '44100',
    '-t', duration.toFixed(3),
    '-movflags', '+faststart',
    '-metadata', `title=Report from ${captionText(input.teacherName).slice(0, 60)}`,
    '-metadata', `comment=${disclosure}`,
    '-metadata', `description=${disclosure}`,
    output,
  ];
}

/**
 * Every frame of the video, made when the encoder asks for it. With a photo: the photo
 * warped into each frame's pose (mouth shape from the phonemes, or loudness without them;
 * blinks; small head movements). Without one: the title card with its speaking indicator.
 */
async function frameSource(
  input: RenderInput,
  sound: { openness: number[]; loudness: number[] },
  frameCount: number,
) {
  const { openness, loudness } = sound;
  if (!input.avatar) {
    const levels = (await titleCardFrames()).map(
      (rgb) => rgbToYuvFrame(rgb, CANVAS_SIZE, CANVAS_SIZE).buffer,
    );
    return (frame: number) =>
      levels[Math.round((openness[frame] ?? 0) * (INDICATOR_LEVELS - 1))] as Buffer;
  }
  const animator = await avatarAnimator(input.avatar.photo, input.avatar.face);
  const phonemes = input.timing?.phonemes ?? [];
  const mouths =
    phonemes.length > 0
      ? mouthTrackFromPhonemes(phonemes, frameCount, FPS, loudness)
      : mouthTrackFromLoudness(openness);
  const blinks = blinkTrack(frameCount, FPS);
  const heads = headTrack(frameCount, FPS, openness);
  return (frame: number) =>
    animator.frame({
      mouth: mouths[frame] ?? (mouths.at(-1) as (typeof mouths)[number]),
      blink: blinks[frame] ?? 0,
      ...(heads[frame] ?? { tilt: 0, nod: 0, sway: 0 }),
    });
}

/** The built-in renderer: fully offline (sharp + the bundled ffmpeg), see decision 0042. */
export const builtinVideoEngine: AvatarVideoEngine = {
  name: 'builtin',
  async render(input) {
    const dir = await mkdtemp(join(tmpdir(), 'cv-render-'));
    try {
      const { audioPath, duration, openness, loudness, cues } = await prepare(dir, input);
      const frameCount = Math.ceil(duration * FPS);
      const frameAt = await frameSource(input, { openness, loudness }, frameCount);
      input.onProgress?.(5);
      const script = await writeFilterGraph(dir, input, cues, input.avatar ? 'avatar' : 'title');
      const output = join(dir, 'video.mp4');
      // biome-ignore format: options read best grouped with their values
      const args = [
        '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
        '-protocol_whitelist', 'file,pipe',
        '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${CANVAS_SIZE}x${CANVAS_SIZE}`, '-r', String(FPS), '-i', 'pipe:0',
        '-i', audioPath,
        '-filter_complex_script', script,
        ...outputArgs(input, duration, input.avatar ? 'an animated photo of the teacher' : 'a title card', output),
      ];
      await encode(args, frameCount, frameAt, input.onProgress);
      input.onProgress?.(100);
      return {
        video: await readFile(output),
        captionsVtt: toWebVtt(cues),
        durationMs: Math.round(duration * 1000),
        engine: 'builtin',
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};

/**
 * A provider's talking-head MP4 gets what every video here carries: the captions, the
 * AI-generated badge and metadata, the same codecs, and the teacher's own audio track.
 */
export async function finishProviderVideo(
  input: RenderInput,
  providerVideo: Buffer,
  engine: string,
): Promise<RenderResult> {
  const dir = await mkdtemp(join(tmpdir(), 'cv-provider-'));
  try {
    const { audioPath, duration, cues } = await prepare(dir, input);
    const source = join(dir, 'provider.mp4');
    await writeFile(source, providerVideo, { mode: 0o600 });
    const script = await writeFilterGraph(dir, input, cues, 'provider');
    const output = join(dir, 'video.mp4');
    // biome-ignore format: options read best grouped with their values
    const args = [
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
      '-protocol_whitelist', 'file',
      '-f', 'mov', '-i', source,
      '-i', audioPath,
      '-filter_complex_script', script,
      ...outputArgs(input, duration, `a talking photo of the teacher made by ${engine}`, output),
    ];
    await encode(args, 0, () => Buffer.alloc(0), input.onProgress);
    input.onProgress?.(100);
    return {
      video: await readFile(output),
      captionsVtt: toWebVtt(cues),
      durationMs: Math.round(duration * 1000),
      engine,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
