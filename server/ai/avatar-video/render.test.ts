import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFaceIsolated } from '../face-detection';
import { singleFacePhoto } from '../face-detection/photos.test-support';
import type { FaceGeometry } from '../media-types';
import { faceCanvas } from './face-canvas';
import { blinkTrack } from './head-motion';
import { builtinVideoEngine, FPS, type RenderResult } from './render';
import { captionReport } from './test/caption-metrics';
import {
  greyFrames,
  meanAbsDiff,
  probe,
  speechThenSilence,
  topLevelBoxes,
} from './test/media-test-kit';
import {
  CLOSED_BELOW,
  lipSyncReport,
  loudnessPerFrame,
  type MouthRegion,
  mouthOpenings,
  mouthRegion,
} from './test/mouth-metrics';

// Everyday report English with its share of bilabials (m, b, p), and a pause between sentences.
const TEXT =
  'Amelia has made a wonderful start this term. She reads aloud with confidence, and her maths is improving.';
const CAPTIONS = `${TEXT} <b>Maths</b> & "science" --> %{pts} \u202Eright-to-left\u202C`;
const SILENCE = 1.5;

describe('built-in avatar video renderer', () => {
  let dir: string;
  let speech: Awaited<ReturnType<typeof speechThenSilence>>;
  let photo: Buffer;
  let face: FaceGeometry;
  let result: RenderResult;
  let videoPath: string;
  let region: MouthRegion;
  let openings: number[];
  const progress: number[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cv-render-test-'));
    speech = await speechThenSilence(TEXT, SILENCE);
    photo = await singleFacePhoto();
    face = await detectFaceIsolated(photo);
    result = await builtinVideoEngine.render({
      audio: speech.wav,
      captions: TEXT,
      timing: speech.timing,
      avatar: { photo, face },
      teacherName: 'Mrs Jones',
      onProgress: (p) => progress.push(p),
    });
    videoPath = join(dir, 'avatar.mp4');
    await writeFile(videoPath, result.video);
    region = mouthRegion((await faceCanvas(photo, face)).landmarks);
    openings = await mouthOpenings(videoPath, region);
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

  it('opens the mouth with the voice and closes it in pauses, as measured on the file', async () => {
    const report = lipSyncReport(openings, await loudnessPerFrame(videoPath));
    expect(report.pauseFrames).toBeGreaterThan(20);
    expect(report.closedInPauses).toBeGreaterThanOrEqual(0.9);
    expect(report.closedWhileSounding).toBeGreaterThanOrEqual(0.05);
    expect(report.correlation).toBeGreaterThanOrEqual(0.8);
    // It really opens: the widest frames show the inside of the mouth across its width.
    expect(Math.max(...openings)).toBeGreaterThan(0.05);
  }, 60_000);

  it('shuts the lips for m, b and p', () => {
    const bilabial = (speech.timing?.phonemes ?? []).filter((p) => /^[mbp]$/.test(p.phoneme));
    expect(bilabial.length).toBeGreaterThanOrEqual(4);
    const frames = bilabial.flatMap((p) => {
      const middle = (p.startMs + p.endMs) / 2000;
      return [Math.floor(middle * FPS)];
    });
    const closed = frames.filter((f) => (openings[f] ?? 99) < CLOSED_BELOW);
    expect(closed.length / frames.length).toBeGreaterThanOrEqual(0.8);
  });

  it('times each caption by its words: on screen as each word is said', () => {
    const report = captionReport(result.captionsVtt, speech.timing?.words ?? []);
    expect(report.startErrors.length).toBeGreaterThanOrEqual(2);
    for (const error of report.startErrors) expect(Math.abs(error)).toBeLessThanOrEqual(0.3);
    expect(report.wordsOnScreenWhileSpoken).toBeGreaterThanOrEqual(0.98);
  });

  it('keeps the background still while the head moves and the eyes blink', async () => {
    // A patch of background beside the head, and one over the eyes.
    const background = await greyFrames(videoPath, { x: 620, y: 300, width: 80, height: 80 });
    const canvas = await faceCanvas(photo, face);
    const eye = canvas.landmarks[37] as { x: number; y: number };
    const eyes = await greyFrames(videoPath, {
      x: Math.round(eye.x - 30) & ~1,
      y: Math.round(eye.y - 20) & ~1,
      width: 60,
      height: 40,
    });
    const last = background.length - 1;
    expect(meanAbsDiff(background[0] as Buffer, background[last] as Buffer)).toBeLessThan(1.5);
    const blinks = blinkTrack(eyes.length, FPS);
    const shut = blinks.indexOf(1);
    expect(shut).toBeGreaterThan(0);
    // Shut eyes look nothing like open ones a few frames earlier; open ones like each other.
    expect(meanAbsDiff(eyes[shut] as Buffer, eyes[shut - 4] as Buffer)).toBeGreaterThan(6);
    expect(meanAbsDiff(eyes[shut - 4] as Buffer, eyes[shut - 6] as Buffer)).toBeLessThan(4);
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
      expect(meanAbsDiff(frame, plain[i] as Buffer)).toBeGreaterThan(40);
    }
  }, 60_000);

  it('renders a title card with escaped captions timed over the voice when there is no photo nor timing', async () => {
    const plain = await builtinVideoEngine.render({
      audio: speech.wav,
      captions: CAPTIONS,
      avatar: null,
      teacherName: 'Mr <Ali> إبراهيم',
    });
    const vtt = plain.captionsVtt;
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt).toContain('&lt;b&gt;Maths&lt;/b&gt; &amp;');
    expect(vtt).toContain('"science" --&gt; %{pts}');
    expect(vtt).not.toMatch(/<b>/);
    const path = join(dir, 'card.mp4');
    await writeFile(path, plain.video);
    const info = await probe(path);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      width: 720,
      height: 720,
    });
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
});
