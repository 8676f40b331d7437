import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { teachers } from '../db/schema';
import { hashPassword } from '../platform/secrets';
import { exited, signIn, until } from '../test/child-server';
import { createPostgresDatabase, uniqueEmail } from '../test/harness';
import { freePort, type ServerProcess, startApp, stopAll, stopProcess } from '../test/processes';

/*
 * The guide's upgrade, measured: two web instances behind nginx (the upstream and location
 * blocks of deploy/nginx/classroom-voice.conf, as shipped), teachers reading and writing
 * through it without pause, while each instance in turn is stopped as systemd stops it
 * (SIGTERM: not ready, drained, closed) and started again on its port. Every request must
 * be answered by the other instance meanwhile: the seconds of refusals are counted.
 */

const postgres = process.env.TEST_DATABASE_URL;
const NGINX = '/usr/sbin/nginx';
const SHIPPED = fileURLToPath(new URL('../../deploy/nginx/classroom-voice.conf', import.meta.url));
const PASSWORD = 'rolling-upgrade-password';
const LOOPS = 8;
/** `fail_timeout` of the shipped upstream servers. */
const NGINX_FAIL_TIMEOUT_MS = 10_000;

/** The shipped upstream and location blocks, pointed at these instances and this port. */
function nginxConfig(prefix: string, listen: number, ports: [number, number]): string {
  const shipped = readFileSync(SHIPPED, 'utf8');
  const upstream = /upstream classroom_voice \{[\s\S]*?\n\}/.exec(shipped)?.[0];
  const location = /location \/ \{[\s\S]*?\n {4}\}/.exec(shipped)?.[0];
  if (!upstream || !location) throw new Error('the shipped nginx configuration changed shape');
  const pointed = upstream
    .replace('127.0.0.1:3001', `127.0.0.1:${ports[0]}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${ports[1]}`);
  return `daemon off;
master_process on;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  ${pointed}
  server {
    listen 127.0.0.1:${listen};
    client_max_body_size 70m;
    ${location}
  }
}
`;
}

type Outcome = { at: number; ok: boolean; what: string; status: number };

describe.skipIf(!postgres || !existsSync(NGINX))('a rolling upgrade behind nginx', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'cv-rolling-'));
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let proxy: ReturnType<typeof spawn> | undefined;
  let site = '';
  const ports: [number, number] = [0, 0];
  const apps: (ServerProcess | undefined)[] = [];
  let env: (name: string) => Record<string, string>;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const listen = await freePort();
    ports[0] = await freePort();
    ports[1] = await freePort();
    site = `http://127.0.0.1:${listen}`;
    env = (name) => ({
      DATABASE_URL: database.url,
      DATA_DIR: join(scratch, name),
      PUBLIC_URL: site,
      TRUST_PROXY: '1',
      RUN_JOBS: 'false',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-test-password',
    });
    apps[0] = await startApp('web-1', env('web-1'), undefined, ports[0]);
    apps[1] = await startApp('web-2', env('web-2'), undefined, ports[1]);
    const prefix = join(scratch, 'nginx');
    mkdirSync(prefix, { recursive: true, mode: 0o777 });
    writeFileSync(join(prefix, 'nginx.conf'), nginxConfig(prefix, listen, ports));
    proxy = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'ignore' });
    await until(
      async () => (await fetch(`${site}/api/health`).catch(() => null))?.ok === true,
      30_000,
    );
  }, 600_000);

  afterAll(async () => {
    const log = join(scratch, 'nginx', 'error.log');
    if (existsSync(log)) console.log(readFileSync(log, 'utf8').split('\n').slice(0, 12).join('\n'));
    proxy?.kill('SIGQUIT');
    if (proxy) await exited(proxy);
    await stopAll();
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('answers every request while each instance is stopped and started again in turn', async () => {
    const email = uniqueEmail('rolling');
    const { db, close } = await openDatabase({ kind: 'postgres', url: database.url });
    await db.insert(teachers).values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Roll',
      lastName: 'Ing',
      emailVerifiedAt: new Date(),
    });
    await close();
    const cookie = await signIn(site, email, PASSWORD);

    const outcomes: Outcome[] = [];
    const bodies: string[] = [];
    const started = Date.now();
    let running = true;
    const loop = async (n: number) => {
      for (let i = 0; running; i++) {
        const write = i % 4 === 3;
        const what = write ? 'PUT /api/settings/onboarding' : 'GET /api/auth/user';
        const answer = await fetch(
          `${site}${write ? '/api/settings/onboarding' : '/api/auth/user'}`,
          write
            ? {
                method: 'PUT',
                headers: { cookie, origin: site, 'content-type': 'application/json' },
                body: JSON.stringify({ welcomeDismissed: (i + n) % 2 === 0 }),
              }
            : { headers: { cookie } },
        ).catch(() => null);
        outcomes.push({
          at: Date.now() - started,
          ok: answer?.status === 200,
          what,
          status: answer?.status ?? 0,
        });
        const body = await answer?.text().catch(() => '');
        if (answer && answer.status !== 200) bodies.push(`${answer.status} ${body?.slice(0, 200)}`);
      }
    };
    const loops = Array.from({ length: LOOPS }, (_, n) => loop(n));

    await new Promise((resolve) => setTimeout(resolve, 2000));
    const upgrade: { instance: string; stoppedAt: number; backAt: number }[] = [];
    for (const index of [0, 1]) {
      const stoppedAt = Date.now() - started;
      expect(await stopProcess(apps[index])).toBe(0);
      apps[index] = await startApp(
        `web-${index + 1}`,
        env(`web-${index + 1}`),
        undefined,
        ports[index],
      );
      upgrade.push({ instance: `web-${index + 1}`, stoppedAt, backAt: Date.now() - started });
      // The guide's step: nginx counts the stopped instance's refusals against it and keeps
      // it out for fail_timeout (10 s) from the last one, so the next waits that long.
      await new Promise((resolve) => setTimeout(resolve, NGINX_FAIL_TIMEOUT_MS + 1000));
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    running = false;
    await Promise.all(loops);

    const refused = outcomes.filter((o) => !o.ok);
    const refusalSeconds = refused.length
      ? (Math.max(...refused.map((o) => o.at)) - Math.min(...refused.map((o) => o.at))) / 1000
      : 0;
    console.log(
      `Rolling upgrade of two instances behind nginx: ${outcomes.length} requests over ${(
        (Date.now() - started) / 1000
      ).toFixed(
        1,
      )} s, ${refused.length} refused (${refusalSeconds.toFixed(1)} s of refusals); ${upgrade
        .map(
          (u) =>
            `${u.instance} stopped at ${(u.stoppedAt / 1000).toFixed(1)} s, back at ${(u.backAt / 1000).toFixed(1)} s`,
        )
        .join('; ')}`,
    );
    const byStatus = new Map<string, number>();
    for (const o of refused) {
      const key = `${o.what} ${o.status}`;
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    }
    console.log('Refused by kind:', Object.fromEntries(byStatus), bodies.slice(0, 5));
    expect(upgrade.every((u) => u.backAt - u.stoppedAt > 2000)).toBe(true);
    expect(outcomes.filter((o) => o.what.startsWith('PUT')).length).toBeGreaterThan(20);
    expect(refused).toEqual([]);
  }, 600_000);
});
