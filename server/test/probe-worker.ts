/*
 * The real worker process (server/worker-process.ts) with one more job kind, the probe,
 * for tests that need a job of a known length to kill or stop a worker in the middle of.
 */
import { runWorker } from '../worker-process';
import { PROBE_JOB, probeJobHandler } from './probe-job';

await runWorker({ extend: (ctx) => ctx.jobs.register(PROBE_JOB, probeJobHandler) });
