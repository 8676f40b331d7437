import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FaceGeometry } from '../media-types';
import { mediaBinary } from './binaries';
import { captionText, timeCues, toWebVtt } from './captions';
import { decodeToPcm, ENVELOPE_SAMPLE_RATE, mouthEnvelope, voicedSegments } from './envelope';
import {
  avatarFrames,
  CANVAS_SIZE,
  type FrameSet,
  MOUTH_LEVELS,
  OUTPUT_SIZE,
  titleCardFrames,
} from './frames';

export const FPS = 25;
export const DISCLOSURE_TEXT = 'AI-generated video';
const FONT = resolve('server/modules/exports/fonts/DejaVuSans.ttf');
const FONT_BOLD = resolve('server/modules/exports/fonts/DejaVuSans-Bold.ttf');
/** Ten minutes is far beyond any real render; a stuck encoder is killed. */
const ENCODE_TIMEOUT_MS = 10 * 60_000;

export type RenderInput = {
  /** The speech: the teacher's recording in any format ffmpeg reads, or synthesized WAV. */
  audio: Buffer;
  /** The enhanced transcript, shown as captions. */
  captions: string;
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

/** A small deterministic generator, so the same input renders the same blinks. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Frames (at FPS) where the eyes are shut: a 120 ms blink every 3 to 6 seconds. */
export function blinkFrames(frameCount: number): Set<number> {
  const next = random(7);
  const closed = new Set<number>();
  let at = Math.round((1.5 + next() * 2) * FPS);
  while (at < frameCount) {
    for (let i = 0; i < 3; i++) closed.add(at + i);
    at += Math.round((3 + next() * 3) * FPS);
  }
  return closed;
}

/** Paths inside a filtergraph: only plain characters, so nothing needs escaping. */
function filterPath(path: string): string {
  if (!/^[\w/.-]+$/.test(path)) throw new Error(`Unsafe path for ffmpeg filter: ${path}`);
  return path;
}

function drawText(file: string, options: string): string {
  return `drawtext=expansion=none:textfile=${filterPath(file)}:${options}`;
}

/**
 * The filtergraph: head motion (a slow pan) for a photo, then captions, the
 * name on a title card, and the "AI-generated" badge on top for the whole length. All
 * text comes from files with expansion off, so transcript text cannot inject filter
 * syntax or %{} expansions.
 */
async function writeFilterGraph(
  dir: string,
  input: RenderInput,
  cues: ReturnType<typeof timeCues>,
  source: 'frames' | 'provider' = 'frames',
) {
  const margin = (CANVAS_SIZE - OUTPUT_SIZE) / 2;
  const parts: string[] = [];
  if (source === 'provider') {
    // A provider's video, fitted into the same square frame.
    parts.push(
      `fps=${FPS},scale=${OUTPUT_SIZE}:${OUTPUT_SIZE}:force_original_aspect_ratio=decrease,pad=${OUTPUT_SIZE}:${OUTPUT_SIZE}:(ow-iw)/2:(oh-ih)/2,setsar=1`,
    );
  } else if (input.avatar) {
    // rotate (even bilinear) doubled the encode time; a slow pan reads as head motion.
    parts.push(
      `crop=${OUTPUT_SIZE}:${OUTPUT_SIZE}:'${margin}+6*sin(2*PI*t/7.1)':'${margin}+4*sin(2*PI*t/5.3+1)'`,
    );
  } else {
    parts.push(`crop=${OUTPUT_SIZE}:${OUTPUT_SIZE}:${margin}:${margin}`);
    const name = join(dir, 'name.txt');
    const subtitle = join(dir, 'subtitle.txt');
    await writeFile(name, captionText(input.teacherName).slice(0, 60) || 'Your teacher');
    await writeFile(subtitle, 'Report for parents');
    parts.push(
      drawText(
        name,
        `fontfile=${filterPath(FONT_BOLD)}:fontsize=44:fontcolor=white:x=(w-text_w)/2:y=h*0.3`,
      ),
    );
    parts.push(
      drawText(
        subtitle,
        `fontfile=${filterPath(FONT)}:fontsize=26:fontcolor=0xd6ecf3:x=(w-text_w)/2:y=h*0.3+66`,
      ),
    );
  }
  for (const [i, cue] of cues.entries()) {
    const file = join(dir, `cue-${i}.txt`);
    await writeFile(file, cue.lines.join('\n'));
    parts.push(
      drawText(
        file,
        `fontfile=${filterPath(FONT)}:fontsize=30:fontcolor=white:line_spacing=8:box=1:boxcolor=0x000000@0.72:boxborderw=14:x=(w-text_w)/2:y=h-text_h-44:enable='between(t,${cue.start.toFixed(3)},${cue.end.toFixed(3)})'`,
      ),
    );
  }
  const badge = join(dir, 'badge.txt');
  await writeFile(badge, DISCLOSURE_TEXT);
  parts.push(
    drawText(
      badge,
      `fontfile=${filterPath(FONT_BOLD)}:fontsize=22:fontcolor=white:box=1:boxcolor=0x1a1a1a@0.88:boxborderw=10:x=22:y=22`,
    ),
  );
  parts.push('format=yuv420p');
  const script = join(dir, 'filters.txt');
  await writeFile(script, `[0:v]${parts.join(',')}[v]`);
  return script;
}

/** Decodes the speech once: its length, the mouth envelope and the timed captions. */
async function prepare(dir: string, input: RenderInput) {
  const audioPath = join(dir, 'speech');
  await writeFile(audioPath, input.audio, { mode: 0o600 });
  const pcm = await decodeToPcm(audioPath);
  const duration = pcm.length / ENVELOPE_SAMPLE_RATE;
  if (duration < 0.2) throw new Error('The recording has no audio to render.');
  const openness = mouthEnvelope(pcm, ENVELOPE_SAMPLE_RATE, FPS);
  const cues = timeCues(input.captions, voicedSegments(openness, FPS), duration);
  return { audioPath, duration, openness, cues };
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

/** The built-in renderer: fully offline (sharp + the bundled ffmpeg), see decision 0013. */
export const builtinVideoEngine: AvatarVideoEngine = {
  name: 'builtin',
  async render(input) {
    const dir = await mkdtemp(join(tmpdir(), 'cv-render-'));
    try {
      const { audioPath, duration, openness, cues } = await prepare(dir, input);
      const frameSet = await toYuv420(
        input.avatar
          ? await avatarFrames(input.avatar.photo, input.avatar.face)
          : await titleCardFrames(),
      );
      input.onProgress?.(5);
      const script = await writeFilterGraph(dir, input, cues);
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
      const frameCount = Math.ceil(duration * FPS);
      const blinks = input.avatar ? blinkFrames(frameCount) : new Set<number>();
      await encode(
        await mediaBinary('ffmpeg'),
        args,
        frameCount,
        (frame) => {
          const level = Math.round((openness[frame] ?? 0) * (MOUTH_LEVELS - 1));
          return frameSet.frames[blinks.has(frame) ? 1 : 0]?.[level] as Buffer;
        },
        input.onProgress,
      );
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
    await encode(await mediaBinary('ffmpeg'), args, 0, () => Buffer.alloc(0), input.onProgress);
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

/**
 * The 16 precomputed frames converted to yuv420p once, so the encoder gets half the bytes
 * per frame and converts no colours while it runs.
 */
async function toYuv420(set: FrameSet): Promise<FrameSet> {
  const all = set.frames.flat();
  // biome-ignore format: options read best grouped with their values
  const args = [
    '-hide_banner', '-nostdin', '-loglevel', 'error',
    '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${CANVAS_SIZE}x${CANVAS_SIZE}`, '-i', 'pipe:0',
    '-f', 'rawvideo', '-pix_fmt', 'yuv420p', 'pipe:1',
  ];
  const ffmpeg = await mediaBinary('ffmpeg');
  const converted = await new Promise<Buffer>((resolvePromise, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolvePromise(Buffer.concat(out))
        : reject(new Error(`Frame conversion failed (${code})`)),
    );
    child.stdin.on('error', () => {});
    child.stdin.end(Buffer.concat(all));
  });
  const size = (CANVAS_SIZE * CANVAS_SIZE * 3) / 2;
  const frames = set.frames.map((row, r) =>
    row.map((_, c) => {
      const index = r * (set.frames[0]?.length ?? 0) + c;
      return converted.subarray(index * size, (index + 1) * size);
    }),
  );
  return { ...set, frames };
}

/** Pipes raw frames into ffmpeg with backpressure, reporting progress 5..99 %. */
function encode(
  ffmpeg: string,
  args: string[],
  frameCount: number,
  frameAt: (frame: number) => Buffer,
  onProgress?: (percent: number) => void,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    let failed = false;
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8000) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), ENCODE_TIMEOUT_MS);
    child.on('error', (error) => {
      failed = true;
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failed) return;
      if (code === 0) resolvePromise();
      else reject(new Error(`The video encoder failed (${code}): ${stderr.slice(0, 500)}`));
    });
    // ffmpeg closing its input early (it failed) surfaces as EPIPE here; close reports it.
    child.stdin.on('error', () => {});
    void (async () => {
      let lastPercent = -1;
      for (let frame = 0; frame < frameCount; frame++) {
        if (child.stdin.destroyed) return;
        if (!child.stdin.write(frameAt(frame))) {
          await new Promise<void>((done) => {
            const finish = () => {
              child.stdin.off('drain', finish);
              child.stdin.off('close', finish);
              done();
            };
            child.stdin.on('drain', finish);
            child.stdin.on('close', finish);
          });
        }
        const percent = 5 + Math.floor((frame / frameCount) * 94);
        if (percent !== lastPercent) {
          lastPercent = percent;
          onProgress?.(percent);
        }
      }
      child.stdin.end();
    })();
  });
}
