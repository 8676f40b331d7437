import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectFaceIsolated, NO_FACE, SEVERAL_FACES } from './index';
import { demoPhoto, singleFacePhoto } from './photos.test-support';

describe('face detection (face-api on tfjs WASM, in a worker)', () => {
  it('finds one face and places the eyes above the mouth, inside the face box', async () => {
    const started = performance.now();
    const face = await detectFaceIsolated(await singleFacePhoto());
    console.info(`face detection: ${Math.round(performance.now() - started)} ms`);
    expect(face.imageWidth).toBe(480);
    expect(face.imageHeight).toBe(600);
    expect(face.score).toBeGreaterThan(0.9);
    const { box, leftEye, rightEye, mouth } = face;
    for (const part of [leftEye, rightEye, mouth]) {
      expect(part.center.x).toBeGreaterThan(box.x);
      expect(part.center.x).toBeLessThan(box.x + box.width);
      expect(part.center.y).toBeGreaterThan(box.y);
      expect(part.center.y).toBeLessThan(box.y + box.height);
    }
    expect(leftEye.center.x).toBeLessThan(rightEye.center.x);
    expect(mouth.center.y).toBeGreaterThan(leftEye.center.y + 40);
    expect(mouth.center.x).toBeGreaterThan(leftEye.center.x);
    expect(mouth.center.x).toBeLessThan(rightEye.center.x);
    expect(mouth.width).toBeGreaterThan(leftEye.width);
  }, 60_000);

  it('refuses a photo of several people', async () => {
    await expect(detectFaceIsolated(await demoPhoto(2))).rejects.toThrow(SEVERAL_FACES);
  }, 60_000);

  it('refuses a photo with no face', async () => {
    const blank = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#c8d0d8' },
    })
      .png()
      .toBuffer();
    await expect(detectFaceIsolated(blank)).rejects.toThrow(NO_FACE);
  }, 60_000);
});
