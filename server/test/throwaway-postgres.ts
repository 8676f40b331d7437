import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes';

const run = promisify(execFile);

/*
 * A PostgreSQL server of a test's own (Debian's postgresql packages: initdb and pg_ctl from
 * /usr/lib/postgresql/<version>/bin), in a temporary folder, on a free port of 127.0.0.1.
 * A fault test may stop and restart it without touching the server other test files share.
 * PostgreSQL refuses to run as root: as root, its programs run as the postgres user.
 */

export type ThrowawayPostgres = {
  /** postgres://postgres@127.0.0.1:PORT/<database> */
  url: string;
  port: number;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops it and removes its folder. */
  remove: () => Promise<void>;
};

/** The newest installed server's programs, or undefined when none is installed. */
export function postgresPrograms(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

export async function startThrowawayPostgres(
  database = 'classroom_voice',
): Promise<ThrowawayPostgres> {
  const bin = postgresPrograms();
  if (!bin) throw new Error('No PostgreSQL server programs in /usr/lib/postgresql');
  const folder = mkdtempSync(join(tmpdir(), 'cv-postgres-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(folder, Number(stdout), Number(group));
  }
  const program = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args])
      : run(join(bin, name), args);
  const data = join(folder, 'data');
  const port = await freePort();
  await program('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await program('pg_ctl', ['-D', data, '-o', options, '-l', join(folder, 'log'), '-w', 'start']);
  };
  // Fast shutdown, as a restart does: every session is told the server is going away.
  const stop = async () => {
    await program('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  await program('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    start,
    stop,
    remove: async () => {
      await stop().catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
