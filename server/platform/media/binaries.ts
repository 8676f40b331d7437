import { constants } from 'node:fs';
import { access, chmod } from 'node:fs/promises';

const cache = new Map<string, Promise<string>>();

/**
 * The static ffmpeg and ffprobe shipped in @ffmpeg-installer and @ffprobe-installer, the
 * only ones this server runs. Their packages set the executable bit in a postinstall
 * script, which `npm ci --ignore-scripts` skips and a build by another user can leave
 * unreadable to the service's user, so it is set here when missing.
 */
export function mediaBinary(name: 'ffmpeg' | 'ffprobe'): Promise<string> {
  let found = cache.get(name);
  if (!found) {
    found = (async () => {
      let path: string;
      try {
        path =
          name === 'ffmpeg'
            ? (await import('@ffmpeg-installer/ffmpeg')).default.path
            : (await import('@ffprobe-installer/ffprobe')).default.path;
      } catch (error) {
        // The packages throw a plain string when no binary exists for this platform.
        throw new Error(`${name} is not available: ${String(error)}`);
      }
      try {
        await access(path, constants.X_OK);
      } catch {
        await chmod(path, 0o755);
      }
      return path;
    })();
    found.catch(() => cache.delete(name));
    cache.set(name, found);
  }
  return found;
}
