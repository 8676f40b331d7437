import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { openDatabase } from '../db/client';

/*
 * The real server (server/main.ts) as a child process on a PGlite data folder, for tests
 * that kill it and start it again. While it is stopped, the folder's database is the
 * test's to open (withDatabase).
 */

export interface ChildServer {
  child: ChildProcess;
  output: string[];
  base: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the server on dataDir (with more settings in env) and resolves once /api/health answers. */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-test-password',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const base = `http://127.0.0.1:${port}`;
  await until(
    async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true,
    120_000,
  );
  return { child, output, base };
}

/** Polls check every 250 ms; resolves with the milliseconds it took, throws after timeoutMs. */
export async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Date.now() - started;
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** With the server stopped, the database is this process's to open. */
export async function withDatabase<T>(
  dataDir: string,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** The session cookie of a teacher signed in over HTTP. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}
