import { answerOfOneShotThread } from '../../platform/worker-pool';
import type { PreparedVoice, RecordedVoiceInput } from './recorded-voice';

const WORKER_URL = new URL('./alignment-worker.mjs', import.meta.url);
/** Two minutes of audio take about ten seconds of a core; a busy machine may take a few times that. */
const TIMEOUT_MS = 180_000;
const WORKER_HEAP_MB = 512;

type Answer = { ok: true; prepared: PreparedVoice | null } | { ok: false; message: string };

/**
 * prepareRecordedVoice in a fresh worker thread. The alignment is seconds of synchronous
 * arithmetic for a long recording; run on the server's own thread it would hold every
 * request for that long. The thread exits afterwards, with its memory.
 */
export async function prepareRecordedVoiceIsolated(
  input: RecordedVoiceInput,
): Promise<PreparedVoice | null> {
  const answer = await answerOfOneShotThread<Answer>(WORKER_URL, {
    workerData: input,
    heapMb: WORKER_HEAP_MB,
    timeoutMs: TIMEOUT_MS,
    timeoutMessage: 'Cleaning the recording took too long',
    name: 'Alignment worker',
  });
  if (!answer.ok) throw new Error(answer.message);
  // Structured clone hands back a Uint8Array; the renderer takes a Buffer.
  const prepared = answer.prepared;
  return (
    prepared && {
      ...prepared,
      audio: Buffer.from(
        prepared.audio.buffer,
        prepared.audio.byteOffset,
        prepared.audio.byteLength,
      ),
    }
  );
}
