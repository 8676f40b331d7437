import http from 'node:http';
import { performance } from 'node:perf_hooks';

export type LoadResult = {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
};

/**
 * A keep-alive load loop: `connections` clients each send the next request as soon as
 * the last answer has been read, for `seconds`. Latencies in milliseconds.
 */
export async function load(options: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      const request = http.get(options.url, { agent, headers: options.headers }, (response) => {
        response.on('data', () => {});
        response.on('end', () => {
          if (response.statusCode !== 200) errors += 1;
          latencies.push(performance.now() - sent);
          resolve();
        });
      });
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
