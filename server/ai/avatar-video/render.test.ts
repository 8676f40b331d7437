import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarFrames, CANVAS_SIZE, OUTPUT_SIZE } from './frames';
import { blinkFrames, builtinVideoEngine, FPS, type RenderResult } from './render';
import {
  greyFrames,
  meanAbsDiff,
  probe,
  speechThenSilence,
  TEST_FACE,
  testFacePhoto,
  topLevelBoxes,
} from './test/media-test-kit';

const TEXT = 'Amelia has worked really hard this term, and her reading has improved a great deal.';
const CAPTIONS = `${TEXT} <b>Maths</b> & "science" --> %{pts} \u202Eright-to-left\u202C`;
const SILENCE = 2;
const margin = (CANVAS_SIZE - OUTPUT_SIZE) / 2;

describe('built-in avatar video renderer', () => {
  let dir: string;
  let speech: Awaited<ReturnType<typeof speechThenSilence>>;
  let photo: Buffer;
  let result: RenderResult;
  let videoPath: string;
  const progress: number[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cv-render-test-'));
    speech = await speechThenSilence(TEXT, SILENCE);
    photo = await testFacePhoto();
    result = await builtinVideoEngine.render({
      audio: speech.wav,
      captions: CAPTIONS,
      avatar: { photo, face: TEST_FACE },
      teacherName: 'Mrs Jones',
      onProgress: (p) => progress.push(p),
    });
    videoPath = join(dir, 'avatar.mp4');
    await writeFile(videoPath, result.video);
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes an MP4 every browser plays: H.264 yuv420p + AAC, faststart, the speech’s length', async () => {
    const info = await probe(videoPath);
    const video = info.streams.find((s) => s.codec_type === 'video');
    const audio = info.streams.find((s) => s.codec_type === 'audio');
    expect(video).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      width: 720,
      height: 720,
    });
    expect(audio?.codec_name).toBe('aac');
    expect(Math.abs(Number(info.format.duration) - speech.totalSeconds)).toBeLessThan(0.5);
    expect(Math.abs(result.durationMs / 1000 - speech.totalSeconds)).toBeLessThan(0.1);
    const boxes = topLevelBoxes(result.video);
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(info.format.tags?.comment).toMatch(/^AI-generated video/);
    expect(info.format.tags?.description ?? info.format.tags?.DESCRIPTION).toMatch(/AI-generated/);
    expect(progress.at(-1)).toBe(100);
    expect(progress.every((p, i) => i === 0 || p >= (progress[i - 1] ?? 0))).toBe(true);
  });

  it('moves the mouth while the speech plays and keeps it still in the silence', async () => {
    const { mouth } = await avatarFrames(photo, TEST_FACE);
    const region = {
      x: Math.round(mouth.x - margin - mouth.width * 0.8),
      y: Math.round(mouth.y - margin - mouth.height * 1.2),
      width: Math.round(mouth.width * 1.6),
      height: Math.round(mouth.height * 3.4),
    };
    const frames = await greyFrames(videoPath, region);
    const frameDiffs = (from: number, to: number) => {
      const diffs: number[] = [];
      for (let f = Math.round(from * FPS); f < Math.round(to * FPS) - 3; f++) {
        diffs.push(meanAbsDiff(frames[f] as Buffer, frames[f + 3] as Buffer));
      }
      return diffs;
    };
    const speaking = frameDiffs(0.2, speech.speechSeconds - 0.2);
    const silent = frameDiffs(speech.speechSeconds + 0.5, speech.totalSeconds - 0.1);
    // While speaking the mouth opens and closes: big changes between frames 120 ms apart.
    expect(Math.max(...speaking)).toBeGreaterThan(6);
    expect(speaking.filter((d) => d > 4).length).toBeGreaterThan(speaking.length / 4);
    // In silence only the slow head motion moves it: nearly nothing.
    expect(Math.max(...silent)).toBeLessThan(2.5);
  }, 60_000);

  it('shows the AI-generated badge (dark box, white text) for the whole length', async () => {
    const frames = await greyFrames(videoPath, { x: 16, y: 16, width: 240, height: 40 });
    const plain = await greyFrames(videoPath, { x: 16, y: 80, width: 240, height: 40 });
    expect(frames.length).toBeGreaterThanOrEqual(Math.floor(speech.totalSeconds * FPS) - 1);
    for (const [i, frame] of frames.entries()) {
      const dark = frame.filter((v) => v < 70).length / frame.length;
      const bright = frame.filter((v) => v > 200).length / frame.length;
      expect(dark, `frame ${i}`).toBeGreaterThan(0.4);
      expect(bright, `frame ${i}`).toBeGreaterThan(0.05);
      // The same-size area just below (the photo's background) is nothing like it.
      expect(meanAbsDiff(frame, plain[i] as Buffer)).toBeGreaterThan(60);
    }
  }, 60_000);

  it('delivers the captions as escaped WebVTT timed within the speech', () => {
    const vtt = result.captionsVtt;
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt).toContain('&lt;b&gt;Maths&lt;/b&gt; &amp;');
    expect(vtt).toContain('"science" --&gt; %{pts}');
    expect(vtt).not.toMatch(/<b>/);
    const times = [
      ...vtt.matchAll(/^(\d\d):(\d\d):(\d\d\.\d{3}) --> (\d\d):(\d\d):(\d\d\.\d{3}) line:10%$/gm),
    ];
    expect(times.length).toBeGreaterThanOrEqual(2);
    const seconds = (h?: string, m?: string, s?: string) =>
      Number(h) * 3600 + Number(m) * 60 + Number(s);
    let previousEnd = 0;
    for (const [, h1, m1, s1, h2, m2, s2] of times) {
      const start = seconds(h1, m1, s1);
      const end = seconds(h2, m2, s2);
      expect(start).toBeGreaterThanOrEqual(previousEnd - 0.001);
      expect(end).toBeGreaterThan(start);
      previousEnd = end;
    }
    expect(previousEnd).toBeLessThanOrEqual(speech.speechSeconds + 0.5);
  });

  it('renders a title card with a speaking indicator when there is no avatar', async () => {
    const plain = await builtinVideoEngine.render({
      audio: speech.wav,
      captions: TEXT,
      avatar: null,
      teacherName: 'Mr <Ali> إبراهيم',
    });
    const path = join(dir, 'card.mp4');
    await writeFile(path, plain.video);
    const info = await probe(path);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      width: 720,
      height: 720,
    });
    expect(Math.abs(Number(info.format.duration) - speech.totalSeconds)).toBeLessThan(0.5);
    const bars = await greyFrames(path, { x: 280, y: 380, width: 160, height: 120 });
    const speaking = Math.max(
      ...bars
        .slice(5, Math.round(speech.speechSeconds * FPS))
        .map((f, i) => meanAbsDiff(f, bars[i + 8] as Buffer)),
    );
    const silentStart = Math.round((speech.speechSeconds + 0.5) * FPS);
    const silent = Math.max(
      ...bars
        .slice(silentStart, -4)
        .map((f, i) => meanAbsDiff(f, bars[silentStart + i + 3] as Buffer)),
    );
    expect(speaking).toBeGreaterThan(3);
    expect(silent).toBeLessThan(0.5);
  }, 120_000);

  it('closes the eyes with eyelids in the skin colour sampled beside them', async () => {
    const { frames, eyes } = await avatarFrames(photo, TEST_FACE);
    const rgbAt = (frame: Buffer, x: number, y: number) => {
      const i = (Math.round(y) * CANVAS_SIZE + Math.round(x)) * 3;
      return [frame[i] ?? 0, frame[i + 1] ?? 0, frame[i + 2] ?? 0];
    };
    const skin = [0xe2, 0xb3, 0x94];
    for (const eye of eyes) {
      const open = rgbAt(frames[0]?.[0] as Buffer, eye.x, eye.y);
      const closed = rgbAt(frames[1]?.[0] as Buffer, eye.x, eye.y);
      // Open: the dark iris of the drawn face. Closed: within a few levels of its skin.
      expect(Math.max(...open)).toBeLessThan(90);
      for (const [c, value] of closed.entries())
        expect(Math.abs(value - (skin[c] ?? 0))).toBeLessThan(20);
    }
  }, 30_000);

  it('blinks every 3 to 6 seconds, the same way every time', () => {
    const closed = [...blinkFrames(30 * FPS)];
    const starts = closed.filter((f) => !closed.includes(f - 1));
    expect(starts.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < starts.length; i++) {
      const gap = ((starts[i] ?? 0) - (starts[i - 1] ?? 0)) / FPS;
      expect(gap).toBeGreaterThanOrEqual(3);
      expect(gap).toBeLessThanOrEqual(6);
    }
    expect([...blinkFrames(30 * FPS)]).toEqual(closed);
  });
});
