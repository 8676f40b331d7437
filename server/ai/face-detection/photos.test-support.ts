import { readFile } from 'node:fs/promises';
import sharp from 'sharp';

/** Test photos from face-api's own demo folder (every demo photo shows several people). */
export const demoPhoto = (n: number) =>
  readFile(`node_modules/@vladmandic/face-api/demo/sample${n}.jpg`);

/** sample1.jpg shows three people; this crop holds only the one on the left. */
export async function singleFacePhoto(): Promise<Buffer> {
  return sharp(await demoPhoto(1))
    .extract({ left: 300, top: 220, width: 480, height: 600 })
    .jpeg()
    .toBuffer();
}
