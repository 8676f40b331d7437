import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES, loadConfig } from '../platform/config';
import { readAsSystemd } from './env-file';

/** .env.example and docs/deploy.md name every setting the app reads, and nothing else. */
describe('the documented settings', () => {
  const example = readFileSync('.env.example', 'utf8');
  // Read as the services read it (systemd's EnvironmentFile=); env-file.test.ts checks a
  // shell reads the same.
  const settings = readAsSystemd(example);

  it('.env.example lists every variable once, each under a comment', () => {
    const names = example
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => line.slice(0, line.indexOf('=')));
    expect([...names].sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
    const lines = example.split('\n');
    for (const name of names) {
      // The variable, or the one it is paired with, follows a comment line.
      let at = lines.findIndex((line) => line.startsWith(`${name}=`)) - 1;
      while (at >= 0 && /^[A-Z][A-Z0-9_]*=/.test(lines[at]!)) at -= 1;
      expect(lines[at], name).toMatch(/^# /);
    }
  });

  it('.env.example as it stands is a valid configuration', () => {
    const config = loadConfig(Object.fromEntries(settings));
    expect(config.trustProxyHops).toBe(1);
    expect(config.s3).toBeUndefined();
  });

  it('docs/deploy.md explains every variable', () => {
    const guide = readFileSync('docs/deploy.md', 'utf8');
    for (const name of ENVIRONMENT_VARIABLES) expect(guide, name).toContain(`\`${name}\``);
  });
});
