import type { Database } from '../../db/client';
import { teacherVersionsFor } from '../../db/teacher-versions';
import { VersionedCache } from '../../db/versioned-cache';
import { notFound } from '../../platform/errors';
import type { AppContext } from '../context';
import { findLiveFeedbackLink, INVALID_LINK_MESSAGE } from './service';
import { sharedViewVersions } from './tables';

/** A parent's feedback page as the route sends it: already JSON, with what its link needs. */
export type SharedViewAnswer = { linkId: number; expiresAt: Date; body: string };

const LIMITS = {
  // One entry per link opened in the last few minutes: a busy evening's parents.
  maxEntries: 2_000,
  /** Children's data is not kept in memory for longer than a few minutes. */
  maxAgeMs: 5 * 60 * 1000,
  // A page carries the pupil's whole text: 32 MB holds ~300 long essays, thousands of short ones.
  maxBytes: 32 * 1024 * 1024,
  // UTF-16 in memory: two bytes a character, near enough.
  sizeOf: (answer: unknown) => 2 * (answer as SharedViewAnswer).body.length,
};

/**
 * The pages behind shared feedback links, kept by each app instance under the teacher's
 * shared-view version (shared_view_versions, decision 0054): database triggers bump it
 * when anything a view shows changes, and when a link is made, revoked or deleted, in the
 * committing transaction. So a revoked link is never answered from memory: the revoking
 * commit changes the version before any later request reads it. Expiry is checked on every
 * answer against the link's own time.
 *
 * On the embedded database an answer from memory costs no query at all (the versions come
 * by notification); on PostgreSQL, one primary-key lookup. Before this, every opening ran
 * four queries one after another on PGlite's single thread: 151–188 openings a second.
 */
export class SharedViewCache {
  private readonly cache: VersionedCache<SharedViewAnswer>;

  constructor(
    private readonly ctx: AppContext,
    private readonly now = () => Date.now(),
  ) {
    this.cache = new VersionedCache(versionsOf(ctx.db), LIMITS, now);
  }

  /** For tests and the benchmark: how often a page was answered from memory. */
  get stats() {
    return this.cache.stats;
  }

  /** For tests: how many pages, and how many bytes of them, are kept. */
  get held() {
    return this.cache.held;
  }

  /**
   * The page for `accessKey`, built by `build` (which must look the link up again: it runs
   * after the version was read) or from memory. Unknown, revoked and expired keys throw
   * the one "invalid link" error.
   */
  async open(accessKey: string, build: () => Promise<SharedViewAnswer>): Promise<SharedViewAnswer> {
    // The first opening learns whose link it is; the version is the teacher's.
    const teacherId =
      this.cache.teacherOf(accessKey) ??
      (await findLiveFeedbackLink(this.ctx, accessKey)).teacherId;
    let answer: SharedViewAnswer;
    try {
      answer = await this.cache.get(accessKey, teacherId, build);
    } catch (error) {
      this.cache.forget(accessKey);
      throw error;
    }
    if (answer.expiresAt.getTime() <= this.now()) {
      this.cache.forget(accessKey);
      throw notFound(INVALID_LINK_MESSAGE, 'invalid_link');
    }
    return answer;
  }

  close(): void {
    this.cache.close();
  }
}

function versionsOf(db: Database) {
  return teacherVersionsFor(db, {
    table: sharedViewVersions,
    statement: 'shared_view_version',
    channel: 'shared_view_changed',
    noticeSetting: 'cv.shared_view_notices',
    // A teacher with a live link has a row (the link's insert made one): no row, no trust.
    missingRowIsZero: false,
  });
}
