import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { readAsSystemd } from './env-file';

/*
 * What docs/deploy.md installs from deploy/: the systemd units, checked as systemd reads
 * them (`systemd-analyze verify`), the web unit's command run as systemd runs it (with the
 * settings file read as EnvironmentFile= reads it, through bin/serve), and the proxies'
 * configurations checked by nginx and Caddy themselves. A check whose program is not
 * installed is skipped with the package that brings it; .ci/run installs them.
 */

const UNITS = 'deploy/systemd';
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'cv-units-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The program's path, from PATH and the system folders root has on its PATH. */
function installed(program: string): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin'];
  return folders.map((folder) => join(folder, program)).find((path) => existsSync(path));
}

/** `Key=value` settings of a unit file by section, each key with all its values in order. */
function unitSettings(file: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const line of readFileSync(join(UNITS, file), 'utf8').split('\n')) {
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) section = header[1]!;
    else if (/^\w+=/.test(line)) {
      const key = `${section}.${line.slice(0, line.indexOf('='))}`;
      settings.set(key, [...(settings.get(key) ?? []), line.slice(line.indexOf('=') + 1)]);
    }
  }
  return settings;
}

const seconds = (span: string) => {
  const [, amount, unit] = /^(\d+)(s|min|h)?$/.exec(span) ?? [];
  if (!amount) throw new Error(`Not a time span this test reads: ${span}`);
  return Number(amount) * (unit === 'h' ? 3600 : unit === 'min' ? 60 : 1);
};

const SERVICES = ['classroom-voice-web@.service', 'classroom-voice-worker@.service'];

describe('the systemd units in deploy/systemd', () => {
  const analyze = installed('systemd-analyze');

  it('are valid to systemd, with nothing it would ignore', async (context) => {
    if (!analyze) context.skip('systemd-analyze is not installed (apt-get install systemd)');
    const folder = join(scratch, 'units');
    cpSync(UNITS, folder, { recursive: true });
    const instances = [
      'classroom-voice-web@3001.service',
      'classroom-voice-worker@1.service',
      'classroom-voice-backup.service',
      'classroom-voice-backup.timer',
    ];
    expect(readdirSync(UNITS).length).toBe(instances.length);
    const { stdout, stderr } = await run(analyze!, [
      'verify',
      '--man=no',
      ...instances.map((unit) => join(folder, unit)),
    ]);
    // verify exits 0 on an unknown or misspelt setting, which it only reports.
    expect(stdout + stderr).toBe('');
  });

  it.each(SERVICES)('%s waits out an outage instead of giving up', (file) => {
    const unit = unitSettings(file);
    const restartEvery = seconds(unit.get('Service.RestartSec')![0]!);
    const window = seconds(unit.get('Unit.StartLimitIntervalSec')![0]!);
    const allowed = Number(unit.get('Unit.StartLimitBurst')![0]);
    expect(unit.get('Service.Restart')).toEqual(['on-failure']);
    // Restarts alone can never reach the start limit within its window.
    expect(Math.ceil(window / restartEvery)).toBeLessThan(allowed);
  });

  it('gives each web instance its port and RUN_JOBS=false whatever the settings file says', async () => {
    const [command] = unitSettings('classroom-voice-web@.service').get('Service.ExecStart')!;
    const words = command!.replaceAll('%i', '3001').split(' ');
    expect(words.at(-1)).toBe('dist/server/main.mjs');
    // The same command with the server replaced by a program that shows its settings.
    const probe = join(scratch, 'probe.mjs');
    writeFileSync(
      probe,
      'const { PORT, RUN_JOBS, MAIL_FROM, MALLOC_ARENA_MAX } = process.env;\n' +
        'console.log(JSON.stringify({ PORT, RUN_JOBS, MAIL_FROM, MALLOC_ARENA_MAX }));\n',
    );
    // An operator's copy of the template that sets the port and jobs for every process.
    const shared = `${readFileSync('.env.example', 'utf8')}\nPORT='3000'\nRUN_JOBS='true'\n`;
    const environment = Object.fromEntries(readAsSystemd(shared));
    const { stdout } = await run(words[0]!, [...words.slice(1, -1), probe], {
      env: { PATH: process.env.PATH, ...environment },
    });
    expect(JSON.parse(stdout)).toEqual({
      PORT: '3001',
      RUN_JOBS: 'false',
      MAIL_FROM: 'Classroom Voice <no-reply@classroom-voice.local>',
      // Reached through bin/serve, which sets the allocator up.
      MALLOC_ARENA_MAX: '2',
    });
  });
});

describe('the reverse proxy configurations in deploy/', () => {
  it('deploy/nginx/classroom-voice.conf passes `nginx -t`', async (context) => {
    const nginx = installed('nginx');
    if (!nginx) context.skip('nginx is not installed (apt-get install nginx-light)');
    // Its certificate paths point at files only a real host has: a throwaway pair stands in.
    const folder = mkdtempSync(join(scratch, 'nginx-'));
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=cv.school.example',
      '-keyout',
      join(folder, 'privkey.pem'),
      '-out',
      join(folder, 'fullchain.pem'),
    ]);
    const site = readFileSync('deploy/nginx/classroom-voice.conf', 'utf8').replaceAll(
      '/etc/letsencrypt/live/cv.school.example',
      folder,
    );
    writeFileSync(join(folder, 'site.conf'), site);
    writeFileSync(
      join(folder, 'nginx.conf'),
      `pid ${folder}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  include ${folder}/site.conf;\n}\n`,
    );
    const { stderr } = await run(nginx!, ['-t', '-p', folder, '-c', join(folder, 'nginx.conf')]);
    expect(stderr).toContain('test is successful');
    expect(stderr).not.toMatch(/\[(warn|emerg)\]/);
  });

  it('deploy/caddy/Caddyfile passes `caddy validate`', async (context) => {
    const caddy = installed('caddy');
    if (!caddy) context.skip('caddy is not installed (apt-get install caddy)');
    const home = mkdtempSync(join(scratch, 'caddy-'));
    const { stdout } = await run(
      caddy!,
      ['validate', '--config', 'deploy/caddy/Caddyfile', '--adapter', 'caddyfile'],
      { env: { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home } },
    );
    expect(stdout).toContain('Valid configuration');
  });
});
