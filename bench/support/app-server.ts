import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const BENCH_ADMIN_PASSWORD = 'bench-admin-password-2026';

export type Server = { url: string; process: ChildProcess; stop: () => Promise<void> };

export async function waitForHealth(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

export function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/**
 * How `npm run serve` starts the server (package.json): through bin/serve, which picks the
 * memory allocator (decision 0038) and execs node, so the child's pid is the server's.
 */
export const SERVE_SCRIPT = 'bin/serve';
export const serveArgs = (entry: string) => [SERVE_SCRIPT, entry];

/**
 * The app as production runs it: compiled JavaScript, info-level logs written to a file (as
 * a service manager keeps them), so the log's writes are measured with the rest; the file
 * goes when the server stops.
 */
export async function startApp(
  port: number,
  env: Record<string, string>,
  /** Another build of the server, to compare with (`--server=` of the benches that take it). */
  entry = 'dist/server/main.mjs',
): Promise<Server> {
  const logDir = mkdtempSync(join(tmpdir(), 'cv-bench-log-'));
  const log = openSync(join(logDir, 'server.log'), 'a');
  const child = spawn('sh', serveArgs(entry), {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  await waitForHealth(`${url}/api/health`, child);
  return {
    url,
    process: child,
    stop: async () => {
      await stop();
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

/** The baseline: a bare Fastify hello-world, started as the app is (like with like). */
export async function startHelloFastify(port: number): Promise<Server> {
  const child = spawn('sh', serveArgs('bench/support/hello-fastify.mjs'), {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}/`, child);
  return { url, process: child, stop: stopper(child) };
}

/** A process's resident memory, in MiB (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
