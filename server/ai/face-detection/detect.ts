import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { FaceGeometry, Point } from '../media-types';

/*
 * Face and landmark detection with @vladmandic/face-api (MIT) on TensorFlow.js's WASM
 * backend (Apache-2.0). The weights ship inside the npm package and the WASM binaries
 * inside @tensorflow/tfjs-backend-wasm: nothing is downloaded. This module is loaded
 * only inside the detection worker, so the model never sits in the server's memory.
 */

import { FaceDetectionError, NO_FACE, SEVERAL_FACES } from './detect-errors';

export { FaceDetectionError };

/** Faces below this confidence are not counted (background posters, patterns). */
const MIN_CONFIDENCE = 0.5;
/** The detector works on a downscaled copy; geometry is scaled back to the photo. */
const MAX_SIDE = 1024;

const require = createRequire(import.meta.url);

type FaceApi = typeof import('@vladmandic/face-api');
let loaded: Promise<{ faceapi: FaceApi; tf: typeof import('@tensorflow/tfjs') }> | undefined;

/** Loads the backend and both models once per worker (one job batch). */
function loadModels() {
  loaded ??= (async () => {
    const tf = require('@tensorflow/tfjs') as typeof import('@tensorflow/tfjs');
    const wasm =
      require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const wasmDir = dirname(
      require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'),
    );
    // Emscripten reads the binaries from disk in Node; fetch() cannot open files.
    wasm.setWasmPaths(`${wasmDir}/`, false);
    await tf.setBackend('wasm');
    await tf.ready();
    const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
    return { faceapi, tf };
  })();
  return loaded;
}

/** Finds exactly one face in the photo and measures its eyes and mouth. */
export async function detectFace(photo: Uint8Array): Promise<FaceGeometry> {
  const { faceapi, tf } = await loadModels();
  const image = sharp(photo).removeAlpha();
  const meta = await image.metadata();
  const imageWidth = meta.width ?? 0;
  const imageHeight = meta.height ?? 0;
  if (!imageWidth || !imageHeight) throw new FaceDetectionError(NO_FACE);
  const { data, info } = await image
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scale = imageWidth / info.width;
  const tensor = tf.tensor3d(
    new Uint8Array(data),
    [info.height, info.width, info.channels],
    'int32',
  );
  try {
    const options = new faceapi.SsdMobilenetv1Options({
      minConfidence: MIN_CONFIDENCE,
      maxResults: 10,
    });
    // biome-ignore lint/suspicious/noExplicitAny: face-api's input type does not list tfjs tensors of another build
    const faces = await faceapi.detectAllFaces(tensor as any, options).withFaceLandmarks();
    if (faces.length === 0) throw new FaceDetectionError(NO_FACE);
    if (faces.length > 1) throw new FaceDetectionError(SEVERAL_FACES);
    const face = faces[0]!;
    const points = face.landmarks.positions.map((p) => ({ x: p.x * scale, y: p.y * scale }));
    const box = face.detection.box;
    return {
      imageWidth,
      imageHeight,
      box: {
        x: round(box.x * scale),
        y: round(box.y * scale),
        width: round(box.width * scale),
        height: round(box.height * scale),
      },
      leftEye: region(points.slice(36, 42)),
      rightEye: region(points.slice(42, 48)),
      mouth: region(points.slice(48, 60)),
      score: Math.round(face.detection.score * 1000) / 1000,
      landmarks: points.map((p) => ({ x: round(p.x), y: round(p.y) })),
    };
  } finally {
    tensor.dispose();
  }
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Centre and size of the landmarks' bounding box. */
function region(points: Point[]): { center: Point; width: number; height: number } {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  return {
    center: { x: round((minX + maxX) / 2), y: round((minY + maxY) / 2) },
    width: round(maxX - minX),
    height: round(maxY - minY),
  };
}
