import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { installedPath, MEDIA_TOOLS, runnable } from './binaries';

/*
 * A school's server installs as root (or a deploy user) and runs as its own service
 * user: ffmpeg and ffprobe must be runnable by that other user as installed.
 */

const run = promisify(execFile);
const NOBODY = 65534;
const scratch = mkdtempSync(join(tmpdir(), 'cv-binaries-'));
chmodSync(scratch, 0o755);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the media binaries', () => {
  it.each(MEDIA_TOOLS)('%s is installed readable and executable by every user', async (tool) => {
    const { mode } = statSync(await installedPath(tool));
    expect((mode & 0o555).toString(8)).toBe('555');
  });

  it('are made executable by their owner when an install left them without the bit', async () => {
    const path = join(scratch, 'owned-tool');
    writeFileSync(path, '#!/bin/sh\necho ran\n', { mode: 0o644 });
    expect(await runnable('owned-tool', path)).toBe(path);
    expect((await run(path)).stdout).toBe('ran\n');
  });

  it('tell another user who cannot run one how to fix the install', async (context) => {
    if (process.getuid?.() !== 0) context.skip('needs root, to run a process as another user');
    // Installed by root with the packages' own `chmod u+x`, run as the service's user.
    const path = join(scratch, 'roots-tool');
    writeFileSync(path, '#!/bin/sh\necho ran\n', { mode: 0o744 });
    // tsx keeps its cache in a temporary folder that user may write to.
    const temporary = join(scratch, 'tmp');
    mkdirSync(temporary, { mode: 0o1777 });
    chmodSync(temporary, 0o1777);
    const script = `import { runnable } from ${JSON.stringify(join(import.meta.dirname, 'binaries.ts'))};
      runnable('ffprobe', ${JSON.stringify(path)}).then(() => console.log('ran'), (error) => console.log(error.message));`;
    const { stdout } = await run(
      'setpriv',
      [
        `--reuid=${NOBODY}`,
        `--regid=${NOBODY}`,
        '--clear-groups',
        process.execPath,
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        script,
      ],
      { env: { PATH: process.env.PATH, TMPDIR: temporary } },
    );
    expect(stdout.trim()).toBe(
      `ffprobe at ${path} may not be run by this user, who cannot change that (EPERM). As the owner of the install folder, run \`npm run postinstall\` there (or chmod a+rx the file).`,
    );
  });
});
