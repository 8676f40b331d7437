/*
 * Built-in avatar video renderer: render time as a multiple of the video's length (× real
 * time) and peak memory, for a 100-word parent report spoken by the offline synthesizer
 * (word and phoneme timings included) over a photo from face-api's demo folder, over the
 * same photo for three times the length, and as a title card; against a plain ffmpeg
 * encode of a still image with the same audio and length (the floor any renderer pays).
 * Peak memory is the node process's RSS during the render and the ffmpeg child's peak
 * (VmHWM), both sampled every 50 ms. Goal: at most 0.3× real time for the 100-word report.
 * Run: npx tsx bench/avatar-video.bench.ts
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { builtinVideoEngine } from '../server/ai/avatar-video';
import { detectFaceIsolated } from '../server/ai/face-detection';
import { singleFacePhoto } from '../server/ai/face-detection/photos.test-support';
import type { SpeechTiming } from '../server/ai/media-types';
import { espeakSynthesizer, wavFromPcm } from '../server/ai/speech-synthesis';
import { mediaBinary } from '../server/platform/media';

const REPORT =
  'Amelia has made a wonderful start to Year Four. She settles quickly in the mornings and is ' +
  'always kind to the people around her. Her reading has improved a great deal this term: she ' +
  'now reads aloud to the class with confidence and expression, and she chooses longer books ' +
  'by herself. In maths she is secure with her times tables and is beginning to enjoy solving ' +
  'problems in more than one step. Next term we will work on her handwriting, which can become ' +
  'rushed when she is excited about an idea. Thank you for all your support at home.';

/**
 * Peak RSS (kB) of this process's children, and of this process itself, sampled while a
 * render runs (maxRSS would also count the face detector loaded before it).
 */
function childPeakSampler() {
  let peak = 0;
  let own = 0;
  const sample = async () => {
    own = Math.max(own, process.memoryUsage().rss / 1024);
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
      return { child: peak, own };
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

/** The speech said `times` times over, with its timings shifted to each repeat. */
function repeated(pcm: Buffer, sampleRate: number, timing: SpeechTiming, times: number) {
  const ms = (pcm.length / 2 / sampleRate) * 1000;
  const shift = <T extends { startMs: number; endMs: number }>(items: T[]) =>
    Array.from({ length: times }, (_, k) =>
      items.map((item) => ({
        ...item,
        startMs: item.startMs + k * ms,
        endMs: item.endMs + k * ms,
      })),
    ).flat();
  return {
    wav: wavFromPcm(Buffer.concat(Array.from({ length: times }, () => pcm)), sampleRate),
    timing: { words: shift(timing.words), phonemes: shift(timing.phonemes) },
    captions: Array.from({ length: times }, () => REPORT).join(' '),
    seconds: (ms * times) / 1000,
  };
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'cv-bench-'));
  const speech = await espeakSynthesizer.synthesize(REPORT, null);
  const sampleRate = speech.wav.readUInt32LE(24);
  const pcm = speech.wav.subarray(44);
  const photo = await singleFacePhoto();
  const face = await detectFaceIsolated(photo);
  const still = join(dir, 'still.jpg');
  await writeFile(still, photo);
  const ffmpeg = await mediaBinary('ffmpeg');
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (2 cores)`,
  );
  console.log(
    'words | seconds | kind     | render s | × real time | still-image encode s | node peak MB | ffmpeg peak MB',
  );
  for (const times of [1, 3]) {
    const clip = repeated(pcm, sampleRate, speech.timing as SpeechTiming, times);
    const audioPath = join(dir, `speech-${times}.wav`);
    await writeFile(audioPath, clip.wav);
    const baselineStart = performance.now();
    // biome-ignore format: options read best grouped with their values
    await run(ffmpeg, [
      '-v', 'error', '-y', '-loop', '1', '-framerate', '25', '-i', still, '-i', audioPath,
      '-vf', 'scale=720:720,format=yuv420p', '-c:v', 'libx264', '-preset', 'superfast',
      '-c:a', 'aac', '-t', clip.seconds.toFixed(2), '-movflags', '+faststart', join(dir, 'baseline.mp4'),
    ]);
    const baseline = (performance.now() - baselineStart) / 1000;
    for (const kind of times === 1 ? (['avatar', 'title'] as const) : (['avatar'] as const)) {
      const sampler = childPeakSampler();
      const start = performance.now();
      await builtinVideoEngine.render({
        audio: clip.wav,
        captions: clip.captions,
        timing: clip.timing,
        avatar: kind === 'avatar' ? { photo, face } : null,
        teacherName: 'Mrs Sarah Jones',
      });
      const elapsed = (performance.now() - start) / 1000;
      const peaks = sampler.stop();
      console.log(
        [
          String((speech.timing?.words.length ?? 0) * times).padStart(5),
          clip.seconds.toFixed(1).padStart(7),
          kind.padEnd(8),
          elapsed.toFixed(1).padStart(8),
          (elapsed / clip.seconds).toFixed(3).padStart(11),
          baseline.toFixed(1).padStart(20),
          (peaks.own / 1024).toFixed(0).padStart(12),
          (peaks.child / 1024).toFixed(0).padStart(14),
        ].join(' | '),
      );
    }
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await rm(dir, { recursive: true, force: true });
}

await main();
