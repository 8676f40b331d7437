import { constants } from 'node:fs';
import { access, chmod, stat } from 'node:fs/promises';

export type MediaTool = 'ffmpeg' | 'ffprobe';
export const MEDIA_TOOLS: readonly MediaTool[] = ['ffmpeg', 'ffprobe'];

const cache = new Map<string, Promise<string>>();

/**
 * The static ffmpeg and ffprobe shipped in @ffmpeg-installer and @ffprobe-installer, the
 * only ones this server runs, ready to run.
 */
export function mediaBinary(name: MediaTool): Promise<string> {
  let found = cache.get(name);
  if (!found) {
    found = installedPath(name).then((path) => runnable(name, path));
    found.catch(() => cache.delete(name));
    cache.set(name, found);
  }
  return found;
}

/** Where the tool's package installed the binary for this platform. */
export async function installedPath(name: MediaTool): Promise<string> {
  try {
    return name === 'ffmpeg'
      ? (await import('@ffmpeg-installer/ffmpeg')).default.path
      : (await import('@ffprobe-installer/ffprobe')).default.path;
  } catch (error) {
    // The packages throw a plain string when no binary exists for this platform.
    throw new Error(`${name} is not available: ${String(error)}`);
  }
}

/**
 * Run at install by npm's postinstall (server/ops/media-binaries-cli.ts), as the user who
 * installed. The packages' own install scripts run `chmod u+x`: executable for that user
 * alone, and since only a file's owner may change its mode, a service running as another
 * user could neither run the binary nor fix it. From here on everyone may read and run it.
 */
export async function letEveryoneRun(name: MediaTool): Promise<string> {
  const path = await installedPath(name);
  const { mode } = await stat(path);
  await chmod(path, mode | 0o555);
  return path;
}

/**
 * The binary's path once this process may run it. An install whose scripts did not run
 * (`npm ci --ignore-scripts`) left it without the executable bit, which its owner can set
 * now; anyone else is told how to fix the install.
 */
export async function runnable(name: string, path: string): Promise<string> {
  try {
    await access(path, constants.X_OK);
    return path;
  } catch {}
  try {
    await chmod(path, 0o755);
    return path;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(
      `${name} at ${path} may not be run by this user, who cannot change that (${code}). As the owner of the install folder, run \`npm run postinstall\` there (or chmod a+rx the file).`,
    );
  }
}
