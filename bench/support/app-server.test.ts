import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serveArgs } from './app-server';

describe('the benchmarks start the server as production does', () => {
  it('through the launcher npm run serve uses', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(pkg.scripts.serve).toBe(['sh', ...serveArgs('dist/server/main.mjs')].join(' '));
    expect(pkg.scripts['serve:worker']).toBe(
      ['sh', ...serveArgs('dist/server/worker.mjs')].join(' '),
    );
  });
});
