import { letEveryoneRun, MEDIA_TOOLS } from '../platform/media';

/*
 * npm's postinstall (package.json): ffmpeg and ffprobe made readable and executable by
 * every user, as the user who installed them, so a service running as its own user can
 * run what root or a deploy user installed (server/platform/media/binaries.ts).
 */

for (const tool of MEDIA_TOOLS) {
  try {
    const path = await letEveryoneRun(tool);
    console.info(`${tool}: ${path} may be run by every user`);
  } catch (error) {
    // Another platform without a binary: the server says so when it needs the tool.
    console.warn(`${tool}: ${(error as Error).message}`);
  }
}
