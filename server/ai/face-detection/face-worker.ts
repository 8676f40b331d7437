import { parentPort, workerData } from 'node:worker_threads';
import { detectFace, FaceDetectionError } from './detect';

/** Detects the face in one photo and exits, so the model's memory goes with the thread. */
const { photo } = workerData as { photo: Uint8Array };
try {
  const face = await detectFace(photo);
  parentPort?.postMessage({ ok: true, face });
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    detection: error instanceof FaceDetectionError,
    message: error instanceof Error ? error.message : String(error),
  });
}
