import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { queueDepth } from './jobs';
import {
  backlog,
  databaseUp,
  METRICS_CONTENT_TYPE,
  metricsRegistry,
  poolConnections,
  queueJobs,
  queueOldest,
} from './metrics';

export type MetricsSources = {
  db: Database;
  /** PostgreSQL's pool use; absent on the embedded database. */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** The job kinds that are the render and mail backlogs. */
  backlogKinds: { render: string; mail: string };
};

/**
 * The figures read when metrics are asked for: the pool's use and the queue's depth and age
 * (the database's, one grouped statement). A database that does not answer leaves the
 * queue's figures out and says so (classroom_voice_database_up 0): the scrape still works.
 */
export async function refreshMetrics({ db, poolUse, backlogKinds }: MetricsSources) {
  const use = poolUse?.();
  if (use) {
    poolConnections.set({ state: 'total' }, use.total);
    poolConnections.set({ state: 'idle' }, use.idle);
    poolConnections.set({ state: 'waiting' }, use.waiting);
  }
  queueJobs.reset();
  queueOldest.reset();
  backlog.reset();
  try {
    const rows = await queueDepth(db);
    databaseUp.set(1);
    const pending = { render: 0, mail: 0 };
    for (const row of rows) {
      queueJobs.set({ kind: row.kind, state: row.state }, row.count);
      queueOldest.set({ kind: row.kind, state: row.state }, row.oldestSeconds);
      if (row.state === 'failed') continue;
      if (row.kind === backlogKinds.render) pending.render += row.count;
      if (row.kind === backlogKinds.mail) pending.mail += row.count;
    }
    backlog.set({ work: 'render' }, pending.render);
    backlog.set({ work: 'mail' }, pending.mail);
  } catch {
    databaseUp.set(0);
  }
}

/** The exposition text, after refreshing what is read on demand. */
export async function metricsText(sources: MetricsSources): Promise<string> {
  await refreshMetrics(sources);
  return metricsRegistry.metrics();
}

/**
 * A worker serves no HTTP, so its metrics (its jobs' durations and failures above all)
 * get a listener of their own when METRICS_PORT is set: GET /metrics, nothing else.
 */
export async function startMetricsServer(
  port: number,
  host: string,
  sources: MetricsSources,
  log: FastifyBaseLogger,
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metricsText(sources).then(
      (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      (error: unknown) => {
        log.warn({ err: error }, 'Could not write the metrics');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref();
  return server;
}
