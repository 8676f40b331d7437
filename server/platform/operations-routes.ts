import type { FastifyInstance } from 'fastify';
import { livenessSchema, metricsSchema, readinessSchema } from './api-docs';
import { notFound } from './errors';
import { METRICS_CONTENT_TYPE } from './metrics';
import { type MetricsSources, metricsText } from './metrics-collect';
import type { Readiness } from './readiness';

/*
 * What operators' tools ask an instance: liveness, readiness (for the proxy's health check)
 * and Prometheus metrics. /api/health stays as it was for its existing callers.
 */
export function operationsRoutes(
  app: FastifyInstance,
  { readiness, metrics }: { readiness: Readiness; metrics: MetricsSources },
) {
  app.get('/api/health/live', { schema: livenessSchema }, async () => ({ status: 'ok' as const }));

  app.get('/api/health/ready', { schema: readinessSchema }, async (_request, reply) => {
    const report = await readiness.report();
    reply.header('Cache-Control', 'no-store');
    if (report.ready) return { status: 'ready' as const, checks: report.checks };
    const failed = Object.entries(report.checks)
      .filter(([, check]) => !check.ok)
      .map(([name, check]) => `${name}: ${check.message}`);
    return reply.status(503).send({
      status: 'not_ready' as const,
      message: report.draining ? 'Shutting down' : `Not ready (${failed.join('; ')})`,
      code: 'not_ready' as const,
      checks: report.checks,
    });
  });

  app.get('/metrics', { schema: metricsSchema }, async (request, reply) => {
    // The proxies always add X-Forwarded-For: a request that carries it came from outside.
    // Metrics name no person, but they are for the operator's scraper on the inside only.
    if (request.headers['x-forwarded-for'] !== undefined) throw notFound();
    return reply
      .type(METRICS_CONTENT_TYPE)
      .header('Cache-Control', 'no-store')
      .send(await metricsText(metrics));
  });
}
