import { z } from 'zod';

export const healthSchema = {
  tags: ['Health'],
  summary: 'Liveness: the app answers',
  response: { 200: z.object({ status: z.literal('ok') }) },
};

export const livenessSchema = {
  tags: ['Health'],
  summary: 'Liveness for an orchestrator: the process answers (asks nothing else)',
  response: { 200: z.object({ status: z.literal('ok') }) },
};

const check = z.object({ ok: z.boolean(), message: z.string() });
const checks = z.object({ database: check, storage: check, migrations: check });

export const readinessSchema = {
  tags: ['Health'],
  summary:
    'Readiness for a proxy: the database and the file store answer and the schema is this build’s',
  description:
    'A proxy sends requests only to instances that answer 200. 503 while the database or the file store cannot be reached, while migrations are missing or newer than this build, and while the instance shuts down.',
  response: {
    200: z.object({ status: z.literal('ready'), checks }).describe('Ready'),
    503: z
      .object({
        status: z.literal('not_ready'),
        message: z.string(),
        code: z.literal('not_ready'),
        checks,
      })
      .describe('Not ready: `checks` says which part failed'),
  },
};

export const metricsSchema = {
  tags: ['Health'],
  summary: 'Prometheus metrics of this process (asked directly, not through the proxy)',
  description:
    'Requests that came through the proxy (with `X-Forwarded-For`) are answered 404: scrape each instance at its own address.',
  response: {
    200: {
      description: 'Prometheus text format 0.0.4',
      content: { 'text/plain': { schema: z.string() } },
    },
  },
};
