import { spawn } from 'node:child_process';
import { availableParallelism, constants, setPriority } from 'node:os';
import { mediaBinary } from './binaries';
import { MediaTurns, type MediaWork } from './turns';

/**
 * Every ffmpeg and ffprobe this process runs waits its turn here: at most one per core,
 * so a burst of uploads (or a hostile file) queues instead of running a dozen decoders
 * side by side and starving the web server. A teacher waiting on an upload goes before
 * background rendering, which never takes the last core. Media work also runs below the
 * server's priority.
 */
const mediaTurns = new MediaTurns(availableParallelism());
const MEDIA_NICENESS = 10;

export type MediaToolOptions = {
  /** 'interactive' (someone waits on the answer, the default) or 'background' (a job). */
  work?: MediaWork;
  /** Killed after this long, whatever it is doing. */
  timeoutMs: number;
  /** Fed to the tool's stdin, then closed. */
  stdin?: Buffer;
  /** Standard output kept, in bytes; past it the tool is killed (`'fail'`) or its head or tail kept. */
  maxStdoutBytes?: number;
  overflow?: 'fail' | 'keep-head' | 'keep-tail';
  /** Standard error kept (its head: what ffmpeg says about its input comes first). */
  maxStderrBytes?: number;
};

export type MediaToolResult = {
  exitCode: number | null;
  /** True when the tool was stopped: too slow, or too much output with overflow 'fail'. */
  killed: boolean;
  stdout: Buffer;
  stderr: string;
};

/** Lowers a media tool's priority below the server's (where the system permits it). */
export function lowerPriority(pid: number | undefined): void {
  if (!pid) return;
  try {
    setPriority(pid, Math.min(constants.priority.PRIORITY_LOW, MEDIA_NICENESS));
  } catch {
    // Not permitted here (some containers): it still runs, at the server's priority.
  }
}

/**
 * Runs `task` in a media turn: for a tool fed over time (frames piped to an encoder) that
 * `runMediaTool` cannot hold. The task spawns the tool itself and calls lowerPriority.
 */
export function inMediaTurn<T>(work: MediaWork, task: () => Promise<T>): Promise<T> {
  return mediaTurns.run(work, task);
}

/** Runs ffmpeg or ffprobe with bounded time, output and concurrency. */
export function runMediaTool(
  tool: 'ffmpeg' | 'ffprobe',
  args: string[],
  options: MediaToolOptions,
): Promise<MediaToolResult> {
  return mediaTurns.run(options.work ?? 'interactive', async () =>
    runBounded(await mediaBinary(tool), args, options),
  );
}

function runBounded(
  command: string,
  args: string[],
  options: MediaToolOptions,
): Promise<MediaToolResult> {
  const maxStdout = options.maxStdoutBytes ?? 1024 * 1024;
  const maxStderr = options.maxStderrBytes ?? 64 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    lowerPriority(child.pid);
    let killed = false;
    const stop = () => {
      killed = true;
      child.kill('SIGKILL');
    };
    let stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout.push(chunk);
      stdoutBytes += chunk.length;
      if (stdoutBytes <= maxStdout) return;
      if (options.overflow === 'keep-tail') {
        const tail = Buffer.concat(stdout).subarray(-maxStdout);
        stdout = [tail];
        stdoutBytes = tail.length;
      } else if (options.overflow === 'keep-head') {
        stdout = [Buffer.concat(stdout).subarray(0, maxStdout)];
        stdoutBytes = maxStdout;
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
      } else stop();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < maxStderr) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(stop, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, killed, stdout: Buffer.concat(stdout), stderr });
    });
    if (options.stdin && child.stdin) {
      // A tool that exits early closes its stdin; that is its answer, not our error.
      child.stdin.on('error', () => {});
      child.stdin.end(options.stdin);
    }
  });
}
