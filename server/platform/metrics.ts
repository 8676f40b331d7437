import client from 'prom-client';

/*
 * Prometheus metrics of this process (prom-client, decision 0049). Each process keeps its
 * own: a web instance its requests, a process that runs jobs their durations and failures,
 * every process its pool, its storage errors and Node's own figures. The queue's depth and
 * age are the database's, read when the metrics are asked for (metrics-routes.ts).
 */

export const metricsRegistry = new client.Registry();

let defaultsCollected = false;
/** Node's own figures (CPU, memory, event-loop delay, GC), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  client.collectDefaultMetrics({ register: metricsRegistry });
}

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

/**
 * Request durations by method, route pattern and status. Kept by hand rather than with
 * prom-client's Histogram, whose observe() validates and hashes a label object (~0.6 µs
 * measured); here a request costs one string key, one map look-up and a few additions.
 * prom-client still writes the exposition (a collector of its own shape).
 */
class RequestDurations {
  readonly name = 'classroom_voice_http_request_duration_seconds';
  readonly help = 'Time from request to answer, by method, route pattern and status code.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<
    string,
    { labels: Record<string, string | number>; buckets: number[]; sum: number; count: number }
  >();

  record(method: string, route: string, statusCode: number, seconds: number): void {
    const key = `${method} ${statusCode} ${route}`;
    let entry = this.series.get(key);
    if (!entry) {
      entry = {
        labels: { method, route, status_code: statusCode },
        buckets: REQUEST_BUCKETS.map(() => 0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, entry);
    }
    entry.sum += seconds;
    entry.count += 1;
    for (let i = 0; i < REQUEST_BUCKETS.length; i += 1) {
      if (seconds <= REQUEST_BUCKETS[i]!) {
        entry.buckets[i]! += 1;
        break;
      }
    }
  }

  /** prom-client's collector interface: the series as its Histogram would give them. */
  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] =
      [];
    for (const { labels, buckets, sum, count } of this.series.values()) {
      let cumulative = 0;
      REQUEST_BUCKETS.forEach((le, i) => {
        cumulative += buckets[i]!;
        values.push({
          labels: { ...labels, le },
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      });
      values.push({
        labels: { ...labels, le: '+Inf' },
        value: count,
        metricName: `${this.name}_bucket`,
      });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      values,
      aggregator: this.aggregator,
    };
  }

  reset(): void {
    this.series.clear();
  }
}

export const requestDurations = new RequestDurations();
metricsRegistry.registerMetric(requestDurations as unknown as client.Metric);

export const jobDurations = new client.Histogram({
  name: 'classroom_voice_job_duration_seconds',
  help: 'How long a job run took in this process, by kind and outcome (done, retry, failed).',
  labelNames: ['kind', 'outcome'],
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
  registers: [metricsRegistry],
});

export const jobFailures = new client.Counter({
  name: 'classroom_voice_job_failures_total',
  help: 'Job runs that failed in this process, by kind; transient = the database or store was away; final = given up.',
  labelNames: ['kind', 'transient', 'final'],
  registers: [metricsRegistry],
});

export const storageErrors = new client.Counter({
  name: 'classroom_voice_storage_errors_total',
  help: 'File store operations that failed, by operation and reason (unavailable: unreachable, 5xx or timed out).',
  labelNames: ['operation', 'reason'],
  registers: [metricsRegistry],
});

export const poolConnections = new client.Gauge({
  name: 'classroom_voice_db_pool_connections',
  help: 'PostgreSQL connections of this process: open (total), idle, and requests waiting for one.',
  labelNames: ['state'],
  registers: [metricsRegistry],
});

export const databaseUp = new client.Gauge({
  name: 'classroom_voice_database_up',
  help: '1 when the database answered the metrics’ own query, 0 when it did not.',
  registers: [metricsRegistry],
});

export const queueJobs = new client.Gauge({
  name: 'classroom_voice_jobs',
  help: 'Jobs in the queue (the whole cluster’s, read from the database), by kind and state: ready, waiting (a retry’s back-off), running, failed.',
  labelNames: ['kind', 'state'],
  registers: [metricsRegistry],
});

export const queueOldest = new client.Gauge({
  name: 'classroom_voice_job_oldest_seconds',
  help: 'Age of the oldest job of each kind and state: ready ones since they became due, others since queued.',
  labelNames: ['kind', 'state'],
  registers: [metricsRegistry],
});

export const backlog = new client.Gauge({
  name: 'classroom_voice_backlog',
  help: 'Work waiting or under way, by what it is: render (avatar videos), mail (e-mails to deliver).',
  labelNames: ['work'],
  registers: [metricsRegistry],
});

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
