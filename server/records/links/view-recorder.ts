import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { links, linkViews } from './tables';

export type FirstOpening = { link: typeof links.$inferSelect; openedAt: Date };

export type ViewRecorderOptions = {
  /** How long a view may wait to be written with others (0: written with the next flush only). */
  flushMs: number;
  /**
   * Called in the transaction that records a link's first view, with each link opened for
   * the first time in the batch: what to do about it (a notice) commits with the view.
   */
  onFirstOpening?: (tx: Transaction, opened: FirstOpening[]) => Promise<void>;
  /** Called once such a transaction has committed (to start the jobs it queued). */
  afterFirstOpenings?: () => void;
  log: FastifyBaseLogger;
};

/** Views held in memory while the database is away, at most (about 1 MB). */
export const MAX_HELD_VIEWS = 10_000;
/** How soon a refused batch is tried again. */
const RETRY_AFTER_MS = 1000;

/**
 * Every opening of a link is logged, but a parent opening it must not wait for that write:
 * on the embedded database every write takes its turn behind every other. Views are kept
 * in memory for at most `flushMs` and written together, one statement per batch. A crash
 * loses at most the views of the last `flushMs` (decision 0048); a closing server writes
 * what it holds first; a batch the database refuses is held and tried again.
 */
export class LinkViewRecorder {
  private pending: { linkId: number; viewedAt: Date }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly options: ViewRecorderOptions,
  ) {}

  /** Notes one opening of the link, now. */
  note(linkId: number, viewedAt = new Date()): void {
    this.pending.push({ linkId, viewedAt });
    if (this.timer || this.options.flushMs <= 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.flushMs);
    this.timer.unref?.();
  }

  /** Writes every view noted so far (tests call it before reading the views back). */
  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    clearTimeout(this.timer);
    this.timer = undefined;
    if (batch.length === 0) return this.writing;
    // One batch at a time, in order: a link's first view is decided against the ones before.
    this.writing = this.writing
      .then(() => this.write(batch))
      .catch((error: unknown) => this.keepForLater(batch, error));
    return this.writing;
  }

  /**
   * A batch the database refused (it is away: a restart, an outage) is held and tried again
   * with the next one, so a parent's view is not lost to an outage of a few seconds. The
   * transaction rolled back, so a first opening is decided again then. At most
   * MAX_HELD_VIEWS are held: past that the oldest go, and the log says how many.
   */
  private keepForLater(batch: { linkId: number; viewedAt: Date }[], error: unknown): void {
    const held = [...batch, ...this.pending];
    const dropped = Math.max(0, held.length - MAX_HELD_VIEWS);
    this.pending = held.slice(dropped);
    this.options.log.error(
      { err: error, views: batch.length, dropped },
      dropped > 0 ? 'Link views not recorded' : 'Link views held until the database answers',
    );
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.flush();
      },
      Math.max(this.options.flushMs, RETRY_AFTER_MS),
    );
    this.timer.unref?.();
  }

  private async write(batch: { linkId: number; viewedAt: Date }[]): Promise<void> {
    const ids = [...new Set(batch.map((view) => view.linkId))];
    const firstOpenings = await this.db.transaction(async (tx) => {
      // Locked, so two instances writing a link's first views cannot both call it the first.
      const live = await tx.select().from(links).where(inArray(links.id, ids)).for('update');
      const byId = new Map(live.map((link) => [link.id, link]));
      // A link deleted meanwhile (with its document or report) keeps no views.
      const views = batch.filter((view) => byId.has(view.linkId));
      if (views.length === 0) return 0;
      const seenBefore = new Set(
        (
          await tx
            .selectDistinct({ linkId: linkViews.linkId })
            .from(linkViews)
            .where(inArray(linkViews.linkId, [...byId.keys()]))
        ).map((row) => row.linkId),
      );
      await tx.insert(linkViews).values(views);
      const first = new Map<number, FirstOpening>();
      for (const view of views) {
        if (seenBefore.has(view.linkId) || first.has(view.linkId)) continue;
        first.set(view.linkId, { link: byId.get(view.linkId)!, openedAt: view.viewedAt });
      }
      if (first.size > 0) await this.options.onFirstOpening?.(tx, [...first.values()]);
      return first.size;
    });
    if (firstOpenings > 0) this.options.afterFirstOpenings?.();
  }

  /** Writes what it holds and stops (the app's close). */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
