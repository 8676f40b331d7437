import { answerOfOneShotThread } from '../../platform/worker-pool';
import type { FaceGeometry } from '../media-types';
import { FaceDetectionError } from './detect-errors';

export { FaceDetectionError, NO_FACE, SEVERAL_FACES } from './detect-errors';

const WORKER_URL = new URL('./face-worker.mjs', import.meta.url);
const TIMEOUT_MS = 120_000;
const WORKER_HEAP_MB = 1024;

type Answer = { ok: true; face: FaceGeometry } | { ok: false; detection: boolean; message: string };

/**
 * Finds the one face in a photo in a fresh worker thread: the model (~6 MB of weights,
 * more once loaded into WASM memory) is loaded there and freed when the thread exits,
 * so an idle server keeps none of it. Throws FaceDetectionError with a message for the
 * teacher when there is no face or more than one.
 */
export async function detectFaceIsolated(photo: Uint8Array): Promise<FaceGeometry> {
  const answer = await answerOfOneShotThread<Answer>(WORKER_URL, {
    workerData: { photo },
    heapMb: WORKER_HEAP_MB,
    timeoutMs: TIMEOUT_MS,
    timeoutMessage: 'Face detection took too long',
    name: 'Face detection worker',
  });
  if (answer.ok) return answer.face;
  if (answer.detection) throw new FaceDetectionError(answer.message);
  throw new Error(answer.message);
}
