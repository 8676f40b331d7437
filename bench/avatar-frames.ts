/*
 * A contact sheet of the built-in avatar video, to judge it as a parent sees it: for each
 * photo, one rendered MP4 of a short report, and four frames taken from the MP4 itself —
 * mid-word (the middle of the longest open vowel), at a bilabial (the middle of an m, b or
 * p), in a pause (a quarter-second into the longest silence) and mid-blink (the frame the
 * blink track shuts the eyes most). Rows are photos, columns those four moments.
 *
 *   npx tsx bench/avatar-frames.ts [--out=sheet.png] [photo.jpg ...]
 *
 * Without photos it uses crops of face-api's demo photos (several skin tones, a closed-mouth
 * smile, pursed lips, a wide smile with teeth) and a low-resolution copy of the first. Not a test: a
 * person looks at the sheet.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { builtinVideoEngine } from '../server/ai/avatar-video';
import { blinkTrack } from '../server/ai/avatar-video/head-motion';
import { detectFaceIsolated } from '../server/ai/face-detection';
import { demoPhoto } from '../server/ai/face-detection/photos.test-support';
import type { SpeechTiming, TimedPhoneme } from '../server/ai/media-types';
import { espeakSynthesizer } from '../server/ai/speech-synthesis';
import { mediaBinary } from '../server/platform/media';

const REPORT =
  'Maya made a big step forward this term. She is patient and kind. ' +
  'Please keep reading with her at home, maybe a page or two before bed.';
const FPS = 25;
const TILE = 256;
/** The face's part of the square frame (the renderer centres the face), without captions. */
const FACE_CROP = 'crop=iw*0.6:ih*0.6:iw*0.2:ih*0.14';

/** Demo crops: left, top, width, height in the 1920-wide demo photos. */
const DEMO_CROPS: { sample: number; box: [number, number, number, number]; label: string }[] = [
  { sample: 1, box: [300, 220, 480, 600], label: 'demo 1: light skin, open smile, make-up' },
  { sample: 3, box: [500, 200, 380, 460], label: 'demo 3 left: lips closed' },
  { sample: 6, box: [1090, 240, 380, 460], label: 'demo 6 third: darker skin, pursed lips' },
  { sample: 6, box: [170, 360, 380, 460], label: 'demo 6 first: closed-mouth smile' },
  { sample: 3, box: [1420, 170, 380, 460], label: 'demo 3 right: wide smile with teeth' },
];

type Moment = { name: string; seconds: number };

function moments(timing: SpeechTiming, durationMs: number): Moment[] {
  const middle = (p: TimedPhoneme) => (p.startMs + p.endMs) / 2000;
  const vowels = timing.phonemes.filter((p) => /^(a|A|aI|aU|e|E|O|o|@)/.test(p.phoneme));
  const longestVowel = vowels.reduce((a, b) => (b.endMs - b.startMs > a.endMs - a.startMs ? b : a));
  // Not the first sound: the mouth is shut before speech anyway.
  const bilabial = timing.phonemes.find((p) => /^[mbp]$/.test(p.phoneme) && p.startMs > 500);
  let gap = { startMs: 0, length: 0 };
  timing.words.forEach((word, i) => {
    const next = timing.words[i + 1];
    const end = next ? next.startMs : durationMs;
    if (end - word.endMs > gap.length) gap = { startMs: word.endMs, length: end - word.endMs };
  });
  const blinks = blinkTrack(Math.ceil((durationMs / 1000) * FPS), FPS);
  const blinkFrame = blinks.indexOf(Math.max(...blinks));
  return [
    { name: 'mid-word', seconds: middle(longestVowel) },
    { name: 'bilabial', seconds: bilabial ? middle(bilabial) : 0 },
    { name: 'pause', seconds: gap.startMs / 1000 + Math.min(0.25, gap.length / 2000) },
    { name: 'mid-blink', seconds: blinkFrame / FPS },
  ];
}

async function photos(paths: string[]): Promise<{ label: string; photo: Buffer }[]> {
  if (paths.length > 0) {
    return Promise.all(paths.map(async (p) => ({ label: basename(p), photo: await readFile(p) })));
  }
  const crops = await Promise.all(
    DEMO_CROPS.map(async ({ sample, box: [left, top, width, height], label }) => ({
      label,
      photo: await sharp(await demoPhoto(sample))
        .extract({ left, top, width, height })
        .jpeg()
        .toBuffer(),
    })),
  );
  const low = await sharp(crops[0]!.photo).resize({ width: 120 }).jpeg({ quality: 70 }).toBuffer();
  return [...crops, { label: 'demo 1 at 120 px wide', photo: low }];
}

async function main() {
  const out = process.argv.find((a) => a.startsWith('--out='))?.slice(6) ?? 'avatar-frames.png';
  const inputs = await photos(process.argv.slice(2).filter((a) => !a.startsWith('--')));
  const ffmpeg = await mediaBinary('ffmpeg');
  const dir = await mkdtemp(join(tmpdir(), 'cv-frames-'));
  try {
    const speech = await espeakSynthesizer.synthesize(REPORT, null);
    const timing = speech.timing as SpeechTiming;
    const rows: Buffer[] = [];
    for (const [row, { label, photo }] of inputs.entries()) {
      const face = await detectFaceIsolated(photo);
      if (!face) {
        console.log(`${label}: no face found, left out`);
        continue;
      }
      const video = await builtinVideoEngine.render({
        audio: speech.wav,
        captions: REPORT,
        timing,
        avatar: { photo, face },
        teacherName: 'Ms Example',
      });
      const path = join(dir, `row-${row}.mp4`);
      await writeFile(path, video.video);
      const at = moments(timing, video.durationMs);
      const tiles: Buffer[] = [];
      for (const moment of at) {
        const frame = join(dir, `row-${row}-${moment.name}.png`);
        // biome-ignore format: options read best grouped with their values
        const made = spawnSync(ffmpeg, ['-v', 'error', '-y', '-ss', moment.seconds.toFixed(3), '-i', path,
          '-frames:v', '1', '-vf', `${FACE_CROP},scale=${TILE}:${TILE}`, frame]);
        if (made.status !== 0) throw new Error(made.stderr.toString());
        tiles.push(await readFile(frame));
      }
      console.log(`${label}: ${at.map((m) => `${m.name} ${m.seconds.toFixed(2)} s`).join(', ')}`);
      rows.push(
        await sharp({
          create: { width: TILE * 4, height: TILE, channels: 3, background: '#fff' },
        })
          .composite(tiles.map((input, i) => ({ input, left: i * TILE, top: 0 })))
          .png()
          .toBuffer(),
      );
    }
    await sharp({
      create: { width: TILE * 4, height: TILE * rows.length, channels: 3, background: '#fff' },
    })
      .composite(rows.map((input, i) => ({ input, left: 0, top: i * TILE })))
      .png()
      .toFile(out);
    console.log(`Columns: mid-word, bilabial, pause, mid-blink. Written: ${out}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
