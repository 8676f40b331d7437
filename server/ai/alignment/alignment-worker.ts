import { parentPort, workerData } from 'node:worker_threads';
import { prepareRecordedVoice, type RecordedVoiceInput } from './recorded-voice';

/** Cleans one recording and exits: the warp's seconds of arithmetic stay off the caller's thread. */
const input = workerData as RecordedVoiceInput;
try {
  const prepared = await prepareRecordedVoice(input);
  parentPort?.postMessage({ ok: true, prepared });
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    message: error instanceof Error ? error.message : String(error),
  });
}
