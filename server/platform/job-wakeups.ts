import type { FastifyBaseLogger } from 'fastify';
import { DatabaseListener } from './database-listener';

/** The channel the jobs table's trigger notifies (migration 0014), with the job's kind. */
export const JOBS_READY_CHANNEL = 'jobs_ready';

/**
 * Wakes this process's job runners the moment another process queues a job (PostgreSQL).
 * Every insert of a ready job notifies `jobs_ready` from a trigger, inside the enqueuing
 * transaction, so the notification arrives on commit and never for a rolled-back job.
 * When the listening connection is lost and opened again, the runners are woken once: a
 * notification sent while no one listened is lost. The runners' poll stays the fallback.
 */
export class JobWakeups {
  private readonly listener: DatabaseListener;

  constructor(
    url: string,
    log: FastifyBaseLogger,
    /** Called with the kind of the job that became ready, or null after a reconnect. */
    wake: (kind: string | null) => void,
  ) {
    this.listener = new DatabaseListener(url, log, {
      name: 'classroom-voice job wake-ups',
      what: 'queued jobs',
      channels: { [JOBS_READY_CHANNEL]: (kind) => wake(kind) },
      onReconnect: () => wake(null),
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }
}
