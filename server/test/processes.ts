import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { exited, until } from './child-server';

const root = fileURLToPath(new URL('../..', import.meta.url));

/*
 * Real server processes for deployment tests and the soak benchmark: app instances
 * (server/main.ts) and, where asked for, worker processes, each a child with its own
 * environment, as a process manager would start them. An entry in dist/ (`npm run
 * build`) runs as production does, on plain Node; a source entry runs through tsx.
 */

export type ServerProcess = {
  name: string;
  child: ChildProcess;
  output: string[];
  /** http://127.0.0.1:PORT for an app instance. */
  base: string;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Every process started here, so a test whose start-up failed half-way can stop the rest. */
const started = new Set<ServerProcess>();

/** Stops every process these helpers started that is still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((server) => stopProcess(server)));
  started.clear();
}

function spawnServer(entry: string, env: Record<string, string>) {
  const compiled = entry.endsWith('.mjs');
  const args = compiled ? ['--enable-source-maps', entry] : ['--import', 'tsx', entry];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  return { child, output };
}

/** Starts an app instance and resolves once /api/health answers. */
export async function startApp(
  name: string,
  env: Record<string, string>,
  entry = 'server/main.ts',
  /** A port of its own choosing (an instance started again where it was); else a free one. */
  port?: number,
): Promise<ServerProcess> {
  port ??= await freePort();
  const { child, output } = spawnServer(entry, {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const base = `http://127.0.0.1:${port}`;
  const server = { name, child, output, base };
  started.add(server);
  await waitFor(
    server,
    async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true,
  );
  return server;
}

/** Starts a process that serves no HTTP and resolves once its log shows `ready`. */
export async function startBackground(
  name: string,
  entry: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<ServerProcess> {
  const { child, output } = spawnServer(entry, env);
  const server = { name, child, output, base: '' };
  started.add(server);
  await waitFor(server, async () => ready.test(output.join('')));
  return server;
}

/** Start-up on a busy two-core machine can be slow; a failure shows what the process said. */
async function waitFor(server: ServerProcess, ready: () => Promise<boolean>) {
  try {
    await until(async () => {
      if (server.child.exitCode !== null) throw new Error('exited');
      return ready();
    }, 300_000);
  } catch (error) {
    throw new Error(
      `${server.name} did not start (${(error as Error).message}):\n${server.output.join('')}`,
    );
  }
}

/** SIGTERM, as a process manager stops it; SIGKILL if it has not gone within 15 s. */
export async function stopProcess(server: ServerProcess | undefined): Promise<number | null> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) {
    return server?.child.exitCode ?? null;
  }
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  try {
    return await exited(server.child);
  } finally {
    clearTimeout(timer);
  }
}
