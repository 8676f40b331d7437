import { appendFileSync } from 'node:fs';
import { z } from 'zod';
import type { JobHandler } from '../platform/jobs';

/*
 * A job whose length and trace the worker tests choose: it writes "start <job> <pid> <ms>",
 * waits `ms`, then writes "end <job> <pid> <ms>" to the file the payload names (<ms> is the
 * clock, Date.now()). The lines show which process ran which job and how often, so a test
 * can kill the one holding a job, and when it started (bench/job-wakeup.bench.ts).
 */

export const PROBE_JOB = 'queue-probe';

const payloadSchema = z.object({ log: z.string(), ms: z.number().int().min(0) });

export const probeJobHandler: JobHandler = {
  async run(payload, job) {
    const { log, ms } = payloadSchema.parse(payload);
    appendFileSync(log, `start ${job.id} ${process.pid} ${Date.now()}\n`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    appendFileSync(log, `end ${job.id} ${process.pid} ${Date.now()}\n`);
  },
};
