import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * The Node.js versions this app supports are package.json's `engines.node`. Every
 * package in the lock that installs on Linux (dev tools too: they run on the same Node) must
 * accept every one of them, so a dependency that moves on to a newer Node is noticed
 * when its version is taken, not on a school's server. The README and the deployment
 * guide quote the same range.
 */

type LockEntry = {
  version?: string;
  engines?: { node?: string } | string[];
  os?: string[];
};

/** Servers, CI and developers' machines are Linux: other systems' binaries are never installed. */
const installsOnLinux = (entry: LockEntry) =>
  !entry.os ||
  entry.os.includes('linux') ||
  entry.os.every((os) => os.startsWith('!') && os !== '!linux');

const ours: string = JSON.parse(readFileSync('package.json', 'utf8')).engines.node;
const lock: { packages: Record<string, LockEntry> } = JSON.parse(
  readFileSync('package-lock.json', 'utf8'),
);

describe('the supported Node.js versions', () => {
  it('are a valid range that leaves out releases past their end of life', () => {
    expect(semver.validRange(ours)).not.toBeNull();
    // Node 20 is accepted only from 20.19, where require() of ES modules needs no flag.
    for (const ended of ['18.20.4', '20.18.3', '21.7.3', '23.11.0']) {
      expect(semver.satisfies(ended, ours), ended).toBe(false);
    }
  });

  it('are accepted by every locked package', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && installsOnLinux(entry))
      .flatMap(([path, entry]) => {
        const theirs = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        if (!theirs || semver.subset(ours, theirs)) return [];
        return [`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${theirs}`];
      });
    expect(refusing).toEqual([]);
  });

  it('are stated in the README and the deployment guide', () => {
    for (const file of ['README.md', 'docs/deploy.md']) {
      expect(readFileSync(file, 'utf8'), file).toContain(`\`${ours}\``);
    }
  });
});
