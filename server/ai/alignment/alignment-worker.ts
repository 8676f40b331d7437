import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../../platform/worker-pool';
import { prepareRecordedVoice, type RecordedVoiceInput } from './recorded-voice';

/** Cleans one recording and exits: the warp's seconds of arithmetic stay off the caller's thread. */
const input = workerData as RecordedVoiceInput;
// ...and behind it: when both want a core, a request comes before the warp, as for the
// worker pool's threads (pupils' files are read the same way).
lowerThisThreadPriority();
try {
  const prepared = await prepareRecordedVoice(input);
  parentPort?.postMessage({ ok: true, prepared });
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    message: error instanceof Error ? error.message : String(error),
  });
}
