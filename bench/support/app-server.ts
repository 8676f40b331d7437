import { type ChildProcess, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

/** How `npm run serve` starts the server (package.json): the same flags and malloc setting. */
export const SERVE_ARGS = ['--enable-source-maps', 'dist/server/main.mjs'];
export const SERVE_ENV = { MALLOC_ARENA_MAX: '2' };

/** The app as production runs it: compiled JavaScript, info-level logs (to nowhere). */
export async function startApp(port: number, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, SERVE_ARGS, {
    cwd: root,
    env: {
      ...process.env,
      ...SERVE_ENV,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}/api/health`, child);
  return { url, process: child, stop: stopper(child) };
}

/** The baseline: a bare Fastify hello-world, with the app's malloc setting (like with like). */
export async function startHelloFastify(port: number): Promise<Server> {
  const child = fork(join(root, 'bench/support/hello-fastify.mjs'), [], {
    env: { ...process.env, ...SERVE_ENV, PORT: String(port) },
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
