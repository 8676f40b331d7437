import { appendFileSync } from 'node:fs';
import { z } from 'zod';
import type { JobHandler } from '../platform/jobs';

/*
 * A job whose length and trace the worker tests choose: it writes "start <job> <pid>",
 * waits `ms`, then writes "end <job> <pid>" to the file the payload names. The lines show
 * which process ran which job and how often, so a test can kill the one holding a job.
 */

export const PROBE_JOB = 'queue-probe';

const payloadSchema = z.object({ log: z.string(), ms: z.number().int().min(0) });

export const probeJobHandler: JobHandler = {
  async run(payload, job) {
    const { log, ms } = payloadSchema.parse(payload);
    appendFileSync(log, `start ${job.id} ${process.pid}\n`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    appendFileSync(log, `end ${job.id} ${process.pid}\n`);
  },
};
