/*
 * Built-in avatar video renderer: render time per second of video for 10, 60 and 120 s of
 * speech, with an avatar and as a title card, against a plain ffmpeg encode of a still
 * image with the same audio and length (the floor any renderer pays). Peak memory is the
 * node process's maxRSS plus the ffmpeg child's peak (VmHWM, sampled from /proc).
 * Run: npx tsx bench/avatar-video.bench.ts
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { mediaBinary } from '../server/ai/avatar-video/binaries';
import { builtinVideoEngine } from '../server/ai/avatar-video/render';
import { TEST_FACE, testFacePhoto } from '../server/ai/avatar-video/test/media-test-kit';
import { espeakSynthesizer, wavFromPcm } from '../server/ai/speech-synthesis/synthesizer';

const TEXT =
  'Amelia has worked really hard this term. Her reading has come on a great deal, and she ' +
  'now reads aloud to the class with confidence. In maths she is secure with her times ' +
  'tables and is starting to enjoy problem solving. Next term we will work on her handwriting.';

/** Peak RSS (kB) of this process's children, sampled while a render runs. */
function childPeakSampler() {
  let peak = 0;
  const sample = async () => {
    try {
      const tasks = await readdir('/proc/self/task');
      for (const task of tasks) {
        const children = (await readFile(`/proc/self/task/${task}/children`, 'utf8')).trim();
        for (const pid of children.split(/\s+/).filter(Boolean)) {
          const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
          const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
          peak = Math.max(peak, hwm);
        }
      }
    } catch {
      /* a child that just exited */
    }
  };
  const timer = setInterval(() => void sample(), 50);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

function run(binary: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
  });
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'cv-bench-'));
  const speech = await espeakSynthesizer.synthesize(TEXT, null);
  const sampleRate = speech.wav.readUInt32LE(24);
  const pcm = speech.wav.subarray(44);
  const photo = await testFacePhoto();
  const still = join(dir, 'still.jpg');
  await writeFile(still, photo);
  const ffmpeg = await mediaBinary('ffmpeg');
  console.log(
    'seconds | kind     | render s | per video s | baseline s | ratio | node maxRSS MB | ffmpeg peak MB',
  );
  for (const seconds of [10, 60, 120]) {
    const samples = seconds * sampleRate;
    const looped = Buffer.alloc(samples * 2);
    for (let offset = 0; offset < looped.length; offset += pcm.length) pcm.copy(looped, offset);
    const wav = wavFromPcm(looped, sampleRate);
    const repeats = Math.ceil(seconds / (speech.durationMs / 1000));
    const captions = Array.from({ length: repeats }, () => TEXT).join(' ');
    const audioPath = join(dir, `speech-${seconds}.wav`);
    await writeFile(audioPath, wav);

    const baselineStart = performance.now();
    // biome-ignore format: options read best grouped with their values
    await run(ffmpeg, [
      '-v', 'error', '-y', '-loop', '1', '-framerate', '25', '-i', still, '-i', audioPath,
      '-vf', 'scale=720:720,format=yuv420p', '-c:v', 'libx264', '-preset', 'superfast',
      '-c:a', 'aac', '-t', String(seconds), '-movflags', '+faststart', join(dir, 'baseline.mp4'),
    ]);
    const baseline = (performance.now() - baselineStart) / 1000;

    for (const kind of ['avatar', 'title'] as const) {
      const sampler = childPeakSampler();
      const start = performance.now();
      await builtinVideoEngine.render({
        audio: wav,
        captions,
        avatar: kind === 'avatar' ? { photo, face: TEST_FACE } : null,
        teacherName: 'Mrs Sarah Jones',
      });
      const elapsed = (performance.now() - start) / 1000;
      const childPeak = sampler.stop();
      const nodeRss = process.resourceUsage().maxRSS / 1024;
      console.log(
        [
          String(seconds).padStart(7),
          kind.padEnd(8),
          elapsed.toFixed(1).padStart(8),
          (elapsed / seconds).toFixed(3).padStart(11),
          baseline.toFixed(1).padStart(10),
          (elapsed / baseline).toFixed(2).padStart(5),
          nodeRss.toFixed(0).padStart(14),
          (childPeak / 1024).toFixed(0).padStart(14),
        ].join(' | '),
      );
    }
  }
  await rm(dir, { recursive: true, force: true });
}

await main();
