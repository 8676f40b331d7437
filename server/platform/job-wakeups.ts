import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { loadPg } from './lazy-modules';

/** The channel the jobs table's trigger notifies (migration 0014), with the job's kind. */
export const JOBS_READY_CHANNEL = 'jobs_ready';

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;

/**
 * Wakes this process's job runners the moment another process queues a job (PostgreSQL).
 * Every insert of a ready job notifies `jobs_ready` from a trigger, inside the enqueuing
 * transaction, so the notification arrives on commit and never for a rolled-back job.
 *
 * LISTEN needs a connection of its own, held open (a pooled one would be handed to other
 * queries). If it drops (a database restart, a network cut, an idle-connection killer)
 * it is opened again with back-off, and the runners are woken once on reconnecting: a
 * notification sent while no one listened is lost. The runners' poll stays the fallback.
 */
export class JobWakeups {
  private client: pg.Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
    /** Called with the kind of the job that became ready, or null after a reconnect. */
    private readonly wake: (kind: string | null) => void,
  ) {}

  /** Resolves once listening, or once the first attempt failed (retries continue). */
  start(): Promise<void> {
    this.stopped = false;
    return this.connect(false);
  }

  /** Closes the connection, even one still being opened (a stop must not wait on it). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(reconnecting: boolean): Promise<void> {
    const pg = await loadPg();
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.url,
      // A connection that died without a word (a cut network) is noticed by TCP keepalive.
      keepAlive: true,
      application_name: 'classroom-voice job wake-ups',
      connectionTimeoutMillis: 10_000,
    });
    this.client = client;
    // Without a listener an 'error' event (the server going away) would crash the process.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    client.on('notification', (message) => {
      if (message.channel === JOBS_READY_CHANNEL) this.wake(message.payload ?? null);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${JOBS_READY_CHANNEL}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.stopped || this.client !== client) return;
    this.retryMs = FIRST_RETRY_MS;
    if (reconnecting) {
      this.log.info('Listening for queued jobs again');
      // Jobs queued while the connection was down sent their notifications to no one.
      this.wake(null);
    }
  }

  /** The connection failed or closed: unless stopping, open a new one after a pause. */
  private lost(client: pg.Client, error: Error | null): void {
    // A connection already given up on (its 'error' and then its 'end') changes nothing.
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => {});
    this.log.warn(
      { err: error ?? undefined, retryInMs: this.retryMs },
      'Lost the connection that listens for queued jobs; polling until it is back',
    );
    this.retryTimer = setTimeout(() => void this.connect(true), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LONGEST_RETRY_MS);
  }
}
