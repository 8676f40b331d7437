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
