import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type CpuTicks, cpuShare, cpuTicks } from './cpu-time';

const run = promisify(execFile);
const AUTOCANNON_RUN = fileURLToPath(new URL('./autocannon-run.mjs', import.meta.url));

export type Generator = 'autocannon' | 'wrk';

export type LoadResult = {
  generator: Generator;
  requests: number;
  /** Answers other than 2xx, plus connection errors and timeouts. */
  errors: number;
  perSecond: number;
  /** Latencies in milliseconds. */
  p50: number;
  p99: number;
  /**
   * Share of one core the server's main thread and the load generator used while the load
   * ran (0–1): a server near 1 is the limit; a generator near 1 while the server is not
   * may be the limit itself. Null when no server pid was given.
   */
  serverThreadBusy: number | null;
  generatorBusy: number | null;
  /** The server's main-thread CPU time per answer, in microseconds. */
  serverMicrosPerRequest: number | null;
};

export type LoadOptions = {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Requests per second over all connections; unset: as fast as the server answers. */
  rate?: number;
  /** The server's pid, to read its main thread's CPU time around the load. */
  serverPid?: number;
  /**
   * Requests each connection sends in turn, over and over (autocannon only): many
   * teachers' pages instead of one address. Paths are relative to `url`'s origin.
   */
  requests?: LoadRequest[];
};

export type LoadRequest = {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

/**
 * Keep-alive load from a separate process: autocannon (npm) by default, Debian's wrk when
 * asked. Each connection sends its next request as soon as the last answer is read (or at
 * `rate`). Latencies in milliseconds.
 */
export async function load(options: LoadOptions, generator: Generator = 'autocannon') {
  return generator === 'wrk' ? loadWithWrk(options) : loadWithAutocannon(options);
}

async function measured(
  options: LoadOptions,
  start: () => { pid: number | undefined; done: Promise<string> },
) {
  const server = options.serverPid ? cpuTicks(options.serverPid) : null;
  const child = start();
  const generatorTicks: CpuTicks[] = [];
  // The generator's own CPU time, read just before it ends (a finished process has none).
  const sampler = setInterval(() => {
    if (child.pid) {
      try {
        generatorTicks[1] = cpuTicks(child.pid);
        generatorTicks[0] ??= generatorTicks[1];
      } catch {}
    }
  }, 200);
  try {
    const output = await child.done;
    const serverAfter = options.serverPid ? cpuTicks(options.serverPid) : null;
    return {
      output,
      serverThreadBusy: server && serverAfter ? cpuShare(server, serverAfter) : null,
      serverCpuMs: server && serverAfter ? serverAfter.mainThreadMs - server.mainThreadMs : null,
      generatorBusy:
        generatorTicks[0] && generatorTicks[1]
          ? cpuShare(generatorTicks[0], generatorTicks[1], 'processMs')
          : null,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function loadWithAutocannon(options: LoadOptions): Promise<LoadResult> {
  const { output, serverThreadBusy, serverCpuMs, generatorBusy } = await measured(options, () => {
    const child = run(process.execPath, [AUTOCANNON_RUN, JSON.stringify(options)], {
      maxBuffer: 256 * 1024 * 1024,
    });
    return { pid: child.child.pid, done: child.then((r) => r.stdout) };
  });
  const answer = JSON.parse(output) as {
    requests: number;
    non2xx: number;
    errors: number;
    seconds: number;
    latencies: number[];
  };
  const latencies = Float64Array.from(answer.latencies).sort();
  return {
    generator: 'autocannon',
    requests: answer.requests,
    errors: answer.non2xx + answer.errors,
    perSecond: answer.requests / answer.seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    serverThreadBusy,
    generatorBusy,
    serverMicrosPerRequest: serverCpuMs === null ? null : (serverCpuMs * 1000) / answer.requests,
  };
}

async function loadWithWrk(options: LoadOptions): Promise<LoadResult> {
  if (options.rate) throw new Error('wrk has no fixed rate; use autocannon for that');
  if (options.requests) throw new Error('wrk sends one request; use autocannon for a sequence');
  const headers = Object.entries(options.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const { output, serverThreadBusy, serverCpuMs, generatorBusy } = await measured(options, () => {
    // One thread: on a 2-core machine the other core is the server's.
    const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency'];
    const child = run('wrk', [...args, ...headers, options.url]);
    return { pid: child.child.pid, done: child.then((r) => r.stdout) };
  });
  const result = parseWrkOutput(output);
  return {
    generator: 'wrk',
    ...result,
    serverThreadBusy,
    generatorBusy,
    serverMicrosPerRequest:
      serverCpuMs === null ? null : (serverCpuMs * 1000) / Math.max(1, result.requests),
  };
}

const WRK_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** wrk's summary: requests, req/s, errors, and the 50th and 99th latency percentiles. */
export function parseWrkOutput(text: string) {
  const number = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  const latency = (p: number) => {
    const match = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(text);
    if (!match) throw new Error(`wrk gave no ${p}th percentile:\n${text}`);
    return Number(match[1]) * WRK_UNITS[match[2]!]!;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    text,
  );
  return {
    requests: number(/(\d+) requests in/),
    perSecond: number(/Requests\/sec:\s+([\d.]+)/),
    errors:
      number(/Non-2xx or 3xx responses: (\d+)/) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
    p50: latency(50),
    p99: latency(99),
  };
}

/** The value below which `p` per cent of the sorted values lie (nearest rank). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
