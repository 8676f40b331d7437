import { loadSharp } from '../../platform/lazy-modules';
import type { FaceGeometry, Point } from '../media-types';
import { meanFace } from './canonical-face';

/** The video is square; the photo is cropped to head and shoulders at this size. */
export const CANVAS_SIZE = 720;

export type FaceCanvas = {
  /** Packed RGB, CANVAS_SIZE square. */
  rgb: Buffer;
  /** The 68 landmarks in the canvas's pixels. */
  landmarks: Point[];
};

/**
 * The average face placed on a face known only by its eye and mouth centres: the affine
 * map that takes the average face's eyes and mouth onto these three points.
 */
export function landmarksFromGeometry(face: FaceGeometry): Point[] {
  const mean = meanFace();
  const centre = (from: number, to: number) => {
    const part = mean.slice(from, to);
    return {
      x: part.reduce((s, p) => s + p.x, 0) / part.length,
      y: part.reduce((s, p) => s + p.y, 0) / part.length,
    };
  };
  const src = [centre(36, 42), centre(42, 48), centre(48, 60)];
  const dst = [face.leftEye.center, face.rightEye.center, face.mouth.center];
  const [a, b, c] = src as [Point, Point, Point];
  const det = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
  const [da, db, dc] = dst as [Point, Point, Point];
  return mean.map((p) => {
    const l1 = ((p.x - a.x) * (c.y - a.y) - (c.x - a.x) * (p.y - a.y)) / det;
    const l2 = ((b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)) / det;
    return {
      x: da.x + l1 * (db.x - da.x) + l2 * (dc.x - da.x),
      y: da.y + l1 * (db.y - da.y) + l2 * (dc.y - da.y),
    };
  });
}

/**
 * The photo cropped square around the face (head and shoulders, the eyes a little above
 * the middle) and scaled to the canvas, with the landmarks moved into the canvas's pixels.
 */
export async function faceCanvas(photo: Buffer, face: FaceGeometry): Promise<FaceCanvas> {
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
  const source = face.landmarks?.length === 68 ? face.landmarks : landmarksFromGeometry(face);
  const landmarks = source.map((p) => ({ x: (p.x * sx - left) * k, y: (p.y * sy - top) * k }));
  const rgb = await sharp(photo)
    .rotate()
    .extract({ left, top, width: side, height: side })
    .resize(CANVAS_SIZE, CANVAS_SIZE, { kernel: 'lanczos3' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  return { rgb, landmarks };
}
