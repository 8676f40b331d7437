import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('runs with no environment at all on embedded defaults, demo seeded', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('does not seed demo content into PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/cv' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/cv', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('treats empty variables as unset and rejects bad values with the variable named', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});

describe('proxy trust', () => {
  it('takes the client address from the configured number of proxies only', async () => {
    const { startTestApp } = await import('../test/harness');
    const t = await startTestApp('pglite', { TRUST_PROXY: '1' });
    t.app.get('/api/whoami', async (request) => ({ ip: request.ip }));
    const ask = (forwarded: string) =>
      t.app.inject({ url: '/api/whoami', headers: { 'x-forwarded-for': forwarded } });
    // The proxy appends the real client; whatever the client wrote before it is ignored.
    expect((await ask('6.6.6.6, 203.0.113.7')).json().ip).toBe('203.0.113.7');
    expect((await ask('7.7.7.7, 203.0.113.7')).json().ip).toBe('203.0.113.7');
    await t.close();
    const direct = await startTestApp('pglite');
    direct.app.get('/api/whoami', async (request) => ({ ip: request.ip }));
    const response = await direct.app.inject({
      url: '/api/whoami',
      headers: { 'x-forwarded-for': '6.6.6.6' },
    });
    expect(response.json().ip).toBe('127.0.0.1');
    await direct.close();
    // The first import of the whole app happens in this test: give it room on a busy machine.
  }, 90_000);
});

describe('object store settings', () => {
  const secret = 'sEcReT/value+that-must-never-print';
  const full = {
    S3_BUCKET: 'school-files',
    S3_ENDPOINT: 'http://minio.internal:9000',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: secret,
    S3_FORCE_PATH_STYLE: 'true',
  };

  it('keeps files on local disk when S3_BUCKET is not set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('selects S3 by S3_BUCKET, with a region for self-hosted stores', () => {
    expect(loadConfig(full).s3).toEqual({
      bucket: 'school-files',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: secret },
    });
    // AWS itself: the SDK's credential chain, virtual-host addressing, the bucket's region.
    expect(loadConfig({ S3_BUCKET: 'school-files', S3_REGION: 'eu-west-2' }).s3).toEqual({
      bucket: 'school-files',
      endpoint: undefined,
      region: 'eu-west-2',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(loadConfig({ S3_BUCKET: 'school-files', AWS_REGION: 'eu-west-1' }).s3?.region).toBe(
      'eu-west-1',
    );
  });

  it('refuses half-made settings, naming variables and never the secret', () => {
    const refusals: [Record<string, string>, RegExp][] = [
      [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_BUCKET: required when S3_ENDPOINT is set/],
      [
        { S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: secret },
        /S3_BUCKET: required when S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set/,
      ],
      [{ ...full, S3_ACCESS_KEY_ID: '' }, /S3_ACCESS_KEY_ID: set S3_ACCESS_KEY_ID and S3_SECRET/],
      [{ ...full, S3_SECRET_ACCESS_KEY: '' }, /S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and/],
      [{ S3_BUCKET: 'school-files' }, /S3_REGION: required for AWS S3/],
      [{ ...full, S3_BUCKET: 'Not_A_Bucket' }, /S3_BUCKET: S3_BUCKET must be a valid bucket name/],
      [{ ...full, S3_ENDPOINT: 'minio:9000 x' }, /S3_ENDPOINT/],
      [{ ...full, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
    ];
    for (const [env, message] of refusals) {
      const error = (() => {
        try {
          loadConfig(env);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error?.message, JSON.stringify(env)).toMatch(message);
      expect(error?.message).not.toContain(secret);
    }
  });

  it('prints the secret as [redacted] in JSON and inspect', async () => {
    const { inspect } = await import('node:util');
    const s3 = loadConfig(full).s3;
    expect(JSON.stringify(s3)).not.toContain(secret);
    expect(JSON.stringify(s3)).toContain('[redacted]');
    expect(inspect(s3, { depth: 5 })).not.toContain(secret);
    // The SDK still reads it.
    expect(s3?.credentials?.secretAccessKey).toBe(secret);
  });
});
