import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { createPostgresDatabase } from '../test/harness';
import { readAsSystemd } from './env-file';

/*
 * deploy/nightly-backup.sh as classroom-voice-backup.service runs it: from the install
 * folder, with the settings template read as systemd reads an EnvironmentFile= (the
 * script sources nothing), against PostgreSQL and the local file store.
 */

const postgres = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
const DAY_MS = 24 * 60 * 60 * 1000;

describe.skipIf(!postgres)('the nightly backup script', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'cv-nightly-'));
  const backups = join(scratch, 'backups');
  const handedOff = join(scratch, 'handed-off.txt');
  const offsite = join(scratch, 'offsite.sh');
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // The schema, as the first app process to start would migrate it.
    await (await openDatabase({ kind: 'postgres', url: database.url })).close();
    writeFileSync(offsite, `#!/bin/sh\necho "$1" >> ${handedOff}\n`, { mode: 0o755 });
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A backup folder as an earlier night left it, `daysOld` days ago. */
  function earlierBackup(name: string, daysOld: number) {
    const folder = join(backups, name);
    mkdirSync(folder, { recursive: true });
    const then = new Date(Date.now() - daysOld * DAY_MS);
    utimesSync(folder, then, then);
  }

  async function nightlyBackup(settings: Record<string, string>) {
    const environment = {
      PATH: process.env.PATH,
      ...Object.fromEntries(readAsSystemd(readFileSync('.env.example', 'utf8'))),
      DATA_DIR: join(scratch, 'data'),
      CLASSROOM_VOICE_BACKUP_OFFSITE: offsite,
      ...settings,
    };
    try {
      const { stdout, stderr } = await run('/bin/sh', ['deploy/nightly-backup.sh', backups, '14'], {
        env: environment,
      });
      return { code: 0, output: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  }

  it('backs up into a new dated folder, hands it on, then removes backups past their days', async () => {
    earlierBackup('20260101T021500Z', 30);
    earlierBackup('20261120T021500Z', 3);
    const { code, output } = await nightlyBackup({ DATABASE_URL: database.url });
    expect(code, output).toBe(0);
    const folders = readdirSync(backups).sort();
    expect(folders).toHaveLength(2);
    expect(folders[0]).toBe('20261120T021500Z');
    const made = join(backups, folders[1]!);
    expect(folders[1]).toMatch(/^\d{8}T\d{6}Z$/);
    expect(existsSync(join(made, 'database.dump'))).toBe(true);
    expect(existsSync(join(made, 'manifest.json'))).toBe(true);
    expect(readFileSync(handedOff, 'utf8')).toBe(`${made}\n`);
  });

  it('never touches a backup made in the same second: a second run waits for a name of its own', async () => {
    rmSync(handedOff, { force: true });
    const now = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    const next = new Date(Date.now() + 1000)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+/, '');
    // Taken, whichever of the two seconds the run starts in.
    for (const name of [now, next]) {
      earlierBackup(name, 0);
      writeFileSync(join(backups, name, 'manifest.json'), '{}');
    }
    const { code, output } = await nightlyBackup({ DATABASE_URL: database.url });
    expect(code, output).toBe(0);
    const made = readFileSync(handedOff, 'utf8').trim();
    expect([now, next]).not.toContain(made.split('/').pop());
    for (const name of [now, next]) expect(existsSync(join(backups, name))).toBe(true);
  });

  it('keeps every earlier backup, and hands nothing on, when the backup fails', async () => {
    rmSync(handedOff, { force: true });
    earlierBackup('20260101T021500Z', 30);
    const before = readdirSync(backups).sort();
    const unreachable = new URL(database.url);
    unreachable.pathname = '/cv_no_such_database';
    const { code, output } = await nightlyBackup({ DATABASE_URL: unreachable.toString() });
    expect(code).not.toBe(0);
    expect(output).toContain('Backup failed');
    const after = readdirSync(backups).sort();
    expect(after.filter((name) => !name.endsWith('.failed'))).toEqual(before);
    expect(existsSync(handedOff)).toBe(false);
  });
});
