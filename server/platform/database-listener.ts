import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { loadPg } from './lazy-modules';

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;

export type ListenerOptions = {
  /** The connection's application_name, as pg_stat_activity shows it. */
  name: string;
  /** What it listens for, in its log lines ("queued jobs", "sign-outs"). */
  what: string;
  /** Each channel and what to do with a notification's payload. */
  channels: Record<string, (payload: string | null) => void>;
  /**
   * Called after a reconnect: notifications sent while no one listened are lost, so the
   * caller makes up for them (wakes its runners, forgets its cached sessions).
   */
  onReconnect: () => void;
};

/**
 * LISTEN on PostgreSQL, kept alive. LISTEN needs a connection of its own, held open (a
 * pooled one would be handed to other queries). If it drops (a database restart, a network
 * cut, an idle-connection killer) it is opened again with back-off, 0.5 s doubling to 30 s,
 * and onReconnect is called once it listens again. An error on it is heard, never thrown:
 * unheard, an 'error' event would end the process.
 */
export class DatabaseListener {
  private client: pg.Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
    private readonly options: ListenerOptions,
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
      application_name: this.options.name,
      connectionTimeoutMillis: 10_000,
    });
    this.client = client;
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    client.on('notification', (message) => {
      this.options.channels[message.channel]?.(message.payload ?? null);
    });
    try {
      await client.connect();
      for (const channel of Object.keys(this.options.channels)) {
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.stopped || this.client !== client) return;
    this.retryMs = FIRST_RETRY_MS;
    if (reconnecting) {
      this.log.info(`Listening for ${this.options.what} again`);
      this.options.onReconnect();
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
      `Lost the connection that listens for ${this.options.what}; trying again`,
    );
    this.retryTimer = setTimeout(() => void this.connect(true), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LONGEST_RETRY_MS);
  }
}
