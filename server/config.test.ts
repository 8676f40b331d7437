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
    const { startTestApp } = await import('./test/harness');
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
