import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fontPath } from '../../platform/fonts';
import { type Cue, captionText } from './captions';

export const FPS = 25;
export const OUTPUT_SIZE = 720;
export const DISCLOSURE_TEXT = 'AI-generated video';
const FONT = fontPath('DejaVuSans.ttf');
const FONT_BOLD = fontPath('DejaVuSans-Bold.ttf');

/** Paths inside a filtergraph: only plain characters, so nothing needs escaping. */
function filterPath(path: string): string {
  if (!/^[\w/.-]+$/.test(path)) throw new Error(`Unsafe path for ffmpeg filter: ${path}`);
  return path;
}

function drawText(file: string, options: string): string {
  return `drawtext=expansion=none:textfile=${filterPath(file)}:${options}`;
}

/**
 * The filtergraph: for a title card the name, then captions and the "AI-generated" badge
 * on top for the whole length. All text comes from files with expansion off, so
 * transcript text cannot inject filter syntax or %{} expansions. A cue shows from its
 * start up to (not including) its end, so two cues never share a frame.
 */
export async function writeFilterGraph(
  dir: string,
  input: { teacherName: string },
  cues: Cue[],
  source: 'avatar' | 'title' | 'provider',
): Promise<string> {
  const parts: string[] = [];
  if (source === 'provider') {
    // A provider's video, fitted into the same square frame.
    parts.push(
      `fps=${FPS},scale=${OUTPUT_SIZE}:${OUTPUT_SIZE}:force_original_aspect_ratio=decrease,pad=${OUTPUT_SIZE}:${OUTPUT_SIZE}:(ow-iw)/2:(oh-ih)/2,setsar=1`,
    );
  } else if (source === 'title') {
    const name = join(dir, 'name.txt');
    const subtitle = join(dir, 'subtitle.txt');
    await writeFile(name, captionText(input.teacherName).slice(0, 60) || 'Your teacher');
    await writeFile(subtitle, 'Report for parents');
    parts.push(
      drawText(
        name,
        `fontfile=${filterPath(FONT_BOLD)}:fontsize=44:fontcolor=white:x=(w-text_w)/2:y=h*0.3`,
      ),
    );
    parts.push(
      drawText(
        subtitle,
        `fontfile=${filterPath(FONT)}:fontsize=26:fontcolor=0xd6ecf3:x=(w-text_w)/2:y=h*0.3+66`,
      ),
    );
  } else {
    parts.push('null');
  }
  for (const [i, cue] of cues.entries()) {
    const file = join(dir, `cue-${i}.txt`);
    await writeFile(file, cue.lines.join('\n'));
    parts.push(
      drawText(
        file,
        `fontfile=${filterPath(FONT)}:fontsize=30:fontcolor=white:line_spacing=8:box=1:boxcolor=0x000000@0.72:boxborderw=14:x=(w-text_w)/2:y=h-text_h-44:enable='gte(t,${cue.start.toFixed(3)})*lt(t,${cue.end.toFixed(3)})'`,
      ),
    );
  }
  const badge = join(dir, 'badge.txt');
  await writeFile(badge, DISCLOSURE_TEXT);
  parts.push(
    drawText(
      badge,
      `fontfile=${filterPath(FONT_BOLD)}:fontsize=22:fontcolor=white:box=1:boxcolor=0x1a1a1a@0.88:boxborderw=10:x=22:y=22`,
    ),
  );
  parts.push('format=yuv420p');
  const script = join(dir, 'filters.txt');
  await writeFile(script, `[0:v]${parts.join(',')}[v]`);
  return script;
}
