import { spawn } from 'node:child_process';
import { inMediaTurn, lowerPriority, mediaBinary } from '../../platform/media';

/** Ten minutes is far beyond any real render; a stuck encoder is killed. */
const ENCODE_TIMEOUT_MS = 10 * 60_000;

/**
 * Pipes raw frames into ffmpeg with backpressure, reporting progress 5..99 %. Frames are
 * made one at a time as the encoder takes them, so memory holds only a few. The encoder
 * is background work: it waits for a media turn and runs below the server's priority.
 */
export async function encode(
  args: string[],
  frameCount: number,
  frameAt: (frame: number) => Buffer,
  onProgress?: (percent: number) => void,
): Promise<void> {
  const ffmpeg = await mediaBinary('ffmpeg');
  return inMediaTurn('background', () => encodeNow(ffmpeg, args, frameCount, frameAt, onProgress));
}

function encodeNow(
  ffmpeg: string,
  args: string[],
  frameCount: number,
  frameAt: (frame: number) => Buffer,
  onProgress?: (percent: number) => void,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    lowerPriority(child.pid);
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
