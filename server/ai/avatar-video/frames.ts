import type { Sharp } from 'sharp';
import { loadSharp } from '../../platform/lazy-modules';
import type { FaceGeometry } from '../media-types';

/** Frames are drawn with a margin so the head motion (rotate + pan) never shows an edge. */
export const OUTPUT_SIZE = 720;
export const CANVAS_SIZE = 760;
export const MOUTH_LEVELS = 8;

export type FrameSet = {
  /** Raw RGB frames [eyes open, eyes closed][mouth level], CANVAS_SIZE square. */
  frames: Buffer[][];
  /** Where the mouth is in the canvas, for tests and captions placement. */
  mouth: { x: number; y: number; width: number; height: number };
  /** Eye centres in the canvas (none on a title card). */
  eyes: Array<{ x: number; y: number }>;
};

type Rgb = { r: number; g: number; b: number };
const hex = ({ r, g, b }: Rgb) =>
  `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

async function meanColour(image: Sharp, x: number, y: number, w: number, h: number): Promise<Rgb> {
  const left = Math.max(0, Math.min(CANVAS_SIZE - 2, Math.round(x)));
  const top = Math.max(0, Math.min(CANVAS_SIZE - 2, Math.round(y)));
  const width = Math.max(1, Math.min(CANVAS_SIZE - left, Math.round(w)));
  const height = Math.max(1, Math.min(CANVAS_SIZE - top, Math.round(h)));
  // Averaged by hand: sharp's stats() reads the whole input, ignoring extract().
  const { data, info } = await image
    .clone()
    .extract({ left, top, width, height })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0];
  const pixels = info.width * info.height;
  for (let i = 0; i < pixels; i++) {
    for (let c = 0; c < 3; c++) sums[c] = (sums[c] ?? 0) + (data[i * info.channels + c] ?? 0);
  }
  return { r: (sums[0] ?? 0) / pixels, g: (sums[1] ?? 0) / pixels, b: (sums[2] ?? 0) / pixels };
}

/**
 * The photo cropped square around the face (head and shoulders), and the face geometry
 * moved into the crop's pixels.
 */
async function cropAroundFace(photo: Buffer, face: FaceGeometry) {
  const sharp = await loadSharp();
  const meta = await sharp(photo).metadata();
  const width = meta.width ?? face.imageWidth;
  const height = meta.height ?? face.imageHeight;
  // The stored geometry is in the stored photo's pixels; scale if the photo differs.
  const sx = width / face.imageWidth;
  const sy = height / face.imageHeight;
  const box = {
    x: face.box.x * sx,
    y: face.box.y * sy,
    w: face.box.width * sx,
    h: face.box.height * sy,
  };
  const side = Math.round(Math.min(width, height, Math.max(box.w, box.h) * 2.6));
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h * 0.62;
  const left = Math.round(Math.min(width - side, Math.max(0, cx - side / 2)));
  const top = Math.round(Math.min(height - side, Math.max(0, cy - side / 2)));
  const k = CANVAS_SIZE / side;
  const map = (p: { x: number; y: number }) => ({
    x: (p.x * sx - left) * k,
    y: (p.y * sy - top) * k,
  });
  const image = sharp(photo)
    .rotate()
    .extract({ left, top, width: side, height: side })
    .resize(CANVAS_SIZE, CANVAS_SIZE)
    .removeAlpha()
    .toColourspace('srgb');
  const buffer = await image.png().toBuffer();
  const eye = (e: FaceGeometry['leftEye']) => ({
    ...map(e.center),
    width: e.width * sx * k,
    height: e.height * sy * k,
  });
  return {
    base: sharp(buffer),
    buffer,
    mouth: {
      ...map(face.mouth.center),
      width: face.mouth.width * sx * k,
      height: face.mouth.height * sy * k,
    },
    eyes: [eye(face.leftEye), eye(face.rightEye)],
  };
}

/**
 * Precomputes every frame the video needs: the mouth drawn open at MOUTH_LEVELS steps
 * (a dark interior inside the photo's own lip colour, lower lip dropping with it), with
 * eyes open and closed (eyelids in the skin colour under the eye). Rendering then only
 * picks a frame per video frame, which is what makes it fast.
 */
export async function avatarFrames(photo: Buffer, face: FaceGeometry): Promise<FrameSet> {
  const sharp = await loadSharp();
  const { base, buffer, mouth, eyes } = await cropAroundFace(photo, face);
  const mw = Math.max(12, mouth.width);
  const mh = Math.max(6, mouth.height);
  // The lower lip's edge, pulled towards a lip red: smiling photos show teeth mid-mouth.
  const sampled = await meanColour(
    base,
    mouth.x - mw * 0.15,
    mouth.y + mh * 0.36,
    mw * 0.3,
    mh * 0.14,
  );
  const lip = {
    r: sampled.r * 0.6 + 175 * 0.4,
    g: sampled.g * 0.6 + 85 * 0.4,
    b: sampled.b * 0.6 + 85 * 0.4,
  };
  const skins = await Promise.all(
    eyes.map((e) =>
      meanColour(base, e.x - e.width * 0.3, e.y + e.width * 0.45, e.width * 0.6, e.width * 0.2),
    ),
  );
  const lipDark = { r: lip.r * 0.7, g: lip.g * 0.6, b: lip.b * 0.6 };

  const mouthSvg = (o: number) => {
    if (o <= 0) return '';
    const drop = o * mh * 0.35;
    const rx = mw * 0.3 * (0.8 + 0.2 * o);
    const ry = Math.max(1.5, o * mh * 0.55);
    const cy = mouth.y + drop * 0.45;
    return `<g filter="url(#soft)">
      <ellipse cx="${mouth.x}" cy="${cy + drop * 0.2}" rx="${rx + mw * 0.09}" ry="${ry + mh * 0.22}" fill="${hex(lip)}"/>
      <ellipse cx="${mouth.x}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${hex(lipDark)}"/>
      <ellipse cx="${mouth.x}" cy="${cy}" rx="${rx * 0.9}" ry="${ry * 0.85}" fill="#34100f"/>
      ${o > 0.35 ? `<ellipse cx="${mouth.x}" cy="${cy - ry * 0.62}" rx="${rx * 0.62}" ry="${ry * 0.22}" fill="#e8e2da" opacity="0.85"/>` : ''}
    </g>`;
  };
  const lidsSvg = eyes
    .map((e, i) => {
      const rx = e.width * 0.62;
      const ry = Math.max(e.height * 0.9, e.width * 0.32);
      const skin = skins[i] as Rgb;
      return `<g filter="url(#soft)"><ellipse cx="${e.x}" cy="${e.y}" rx="${rx}" ry="${ry}" fill="${hex(skin)}"/>
        <path d="M ${e.x - rx * 0.85} ${e.y + ry * 0.1} Q ${e.x} ${e.y + ry * 0.55} ${e.x + rx * 0.85} ${e.y + ry * 0.1}" stroke="#3a2a26" stroke-width="${Math.max(1.5, e.width * 0.05)}" fill="none"/></g>`;
    })
    .join('');
  const blur = Math.max(0.8, mw * 0.02);

  const frames: Buffer[][] = [[], []];
  for (const [eyeState, closed] of [
    [0, false],
    [1, true],
  ] as const) {
    for (let level = 0; level < MOUTH_LEVELS; level++) {
      const o = level / (MOUTH_LEVELS - 1);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS_SIZE}" height="${CANVAS_SIZE}">
        <defs><filter id="soft"><feGaussianBlur stdDeviation="${blur}"/></filter></defs>
        ${mouthSvg(o)}${closed ? lidsSvg : ''}</svg>`;
      const raw = await sharp(buffer)
        .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
        .removeAlpha()
        .raw()
        .toBuffer();
      frames[eyeState]?.push(raw);
    }
  }
  return {
    frames,
    mouth: { x: mouth.x, y: mouth.y, width: mw, height: mh },
    eyes: eyes.map((e) => ({ x: e.x, y: e.y })),
  };
}

/**
 * Without an avatar: a calm title card (the name and captions are drawn by ffmpeg on top)
 * with a speaking indicator, five soft bars that rise with the voice.
 */
export async function titleCardFrames(): Promise<FrameSet> {
  const sharp = await loadSharp();
  const size = CANVAS_SIZE;
  const level: Buffer[] = [];
  const heights = [0.55, 0.85, 1, 0.8, 0.6];
  for (let step = 0; step < MOUTH_LEVELS; step++) {
    const o = step / (MOUTH_LEVELS - 1);
    const bars = heights
      .map((h, i) => {
        const barHeight = 10 + o * h * 70;
        const x = size / 2 - 70 + i * 30;
        return `<rect x="${x}" y="${size * 0.62 - barHeight / 2}" width="16" height="${barHeight}" rx="8" fill="#8fd3c7" opacity="${0.55 + o * 0.45}"/>`;
      })
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
      <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#12324a"/><stop offset="1" stop-color="#1d4d5c"/></linearGradient></defs>
      <rect width="${size}" height="${size}" fill="url(#bg)"/>
      <circle cx="${size / 2}" cy="${size * 0.62}" r="${70 + o * 10}" fill="#ffffff" opacity="0.06"/>
      ${bars}</svg>`;
    level.push(await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer());
  }
  return {
    frames: [level, level],
    mouth: { x: size / 2, y: size * 0.62, width: 140, height: 80 },
    eyes: [],
  };
}
