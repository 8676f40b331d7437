/**
 * The page-weight part of `npm run bench` alone: builds, seeds a teacher, starts the
 * compiled server and prints the gzipped JavaScript each page downloads in Chromium,
 * with the chunks it fetched (heaviest first).
 *
 *   npx tsx bench/support/page-weight-cli.ts [--no-build] [--chunks]
 *
 * `--no-build` reuses dist/ (after `npm run build`); `--chunks` lists each page's scripts.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { helloReactWeight, PUPIL_PAGES, pageWeights, TEACHER_PAGES } from './page-weight';
import { seedTeachers } from './seed';

const root = fileURLToPath(new URL('../..', import.meta.url));
const KiB = 1024;

async function main() {
  if (!process.argv.includes('--no-build')) {
    console.log('Building (web client and compiled server)...');
    execSync('npm run build', { cwd: root, stdio: 'ignore' });
  }
  const scratch = mkdtempSync(join(tmpdir(), 'cv-weight-'));
  const dataDir = join(scratch, 'data');
  const { manyCookie } = await seedTeachers({ kind: 'pglite', dataDir }, 10, 1);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      PUBLIC_URL: url,
    },
    stdio: 'ignore',
  });
  try {
    await waitForHealth(`${url}/api/health`, server);
    const cookies = [{ name: 'cv_session', value: manyCookie.split('=')[1]! }];
    const weights = await pageWeights(url, [
      ...PUPIL_PAGES.map((path) => ({ path })),
      ...TEACHER_PAGES.map((path) => ({ path, cookies })),
    ]);
    const hello = await helloReactWeight(join(scratch, 'hello-react'));
    const sizes = chunkSizes();
    console.log(`\nReact 19 hello-world: ${(hello / KiB).toFixed(1)} KiB`);
    console.log(
      `Load average: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
    );
    for (const w of weights) {
      const goal = PUPIL_PAGES.includes(w.path) ? 100 : 250;
      const kib = w.gzipBytes / KiB;
      const mark = kib <= goal ? 'ok  ' : 'OVER';
      console.log(
        `${mark} ${kib.toFixed(1).padStart(6)} KiB / ${goal}  ${String(w.scripts.length).padStart(3)} scripts  ${w.path}`,
      );
      if (process.argv.includes('--chunks')) {
        const listed = [...w.scripts].sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0));
        for (const s of listed)
          console.log(`         ${((sizes.get(s) ?? 0) / KiB).toFixed(1).padStart(6)}  ${s}`);
      }
    }
  } finally {
    server.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** gzip-9 size of each built script, by its name under assets/. */
function chunkSizes(): Map<string, number> {
  const assets = join(root, 'dist/web/assets');
  const names = execSync('ls', { cwd: assets, encoding: 'utf8' }).split('\n');
  return new Map(
    names
      .filter((n) => n.endsWith('.js'))
      .map((n) => [n, gzipSync(readFileSync(join(assets, n)), { level: 9 }).length]),
  );
}

/** A port nobody listens on: a fixed one could answer with another worktree's server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(healthUrl: string, server: ChildProcess) {
  for (let i = 0; i < 600; i += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(healthUrl)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${healthUrl} never answered`);
}

await main();
