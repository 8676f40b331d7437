import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVE_ARGS, SERVE_ENV } from './app-server';

describe('the benchmarks start the server as production does', () => {
  it('with the flags and environment of npm run serve', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    const env = Object.entries(SERVE_ENV).map(([name, value]) => `${name}=${value}`);
    expect(pkg.scripts.serve).toBe([...env, 'node', ...SERVE_ARGS].join(' '));
  });
});
