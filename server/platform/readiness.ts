import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type KnownMigration, knownMigrations, readSchemaVersion } from '../db/schema-version';
import type { FileStore } from './file-store';

/*
 * Whether this instance should be sent requests: its database answers, its file store
 * answers, and the database's schema is the one this build knows. A proxy's health check
 * asks this (GET /api/health/ready); liveness (/api/health) only says the process answers.
 * An instance that is shutting down says it is not ready, so a proxy stops sending to it
 * before it closes.
 */

export type CheckName = 'database' | 'storage' | 'migrations';
export type CheckResult = { ok: boolean; message: string };
export type ReadinessReport = {
  ready: boolean;
  draining: boolean;
  checks: Record<CheckName, CheckResult>;
};

/** A check that has not answered within this long has failed: a proxy must not wait on it. */
const CHECK_TIMEOUT_MS = 2_000;

export class Readiness {
  private draining = false;
  /** The report being made: concurrent health checks share one round of queries. */
  private inFlight: Promise<ReadinessReport> | null = null;
  private readonly known: KnownMigration[];

  constructor(
    private readonly db: Database,
    private readonly files: FileStore,
    known?: KnownMigration[],
  ) {
    this.known = known ?? knownMigrations();
  }

  /** From now on this instance answers "not ready" (it is shutting down). */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  report(): Promise<ReadinessReport> {
    this.inFlight ??= this.check().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async check(): Promise<ReadinessReport> {
    const [database, storage, migrations] = await Promise.all([
      withinTime(async () => {
        await this.db.execute(sql`select 1`);
        return 'answers';
      }),
      withinTime(async () => {
        if (!this.files.checkReachable) return 'local folder';
        await this.files.checkReachable();
        return 'answers';
      }),
      withinTime(async () => {
        const version = await readSchemaVersion(this.db, this.known);
        if (version.unknown > 0) {
          throw new Error(
            `the database has ${version.unknown} migration(s) this build does not know`,
          );
        }
        if (version.pending.length > 0) {
          throw new Error(`${version.pending.length} migration(s) not applied yet`);
        }
        return `${version.applied.length} applied, as this build knows`;
      }),
    ]);
    const checks = { database, storage, migrations };
    const ready = !this.draining && Object.values(checks).every((check) => check.ok);
    return { ready, draining: this.draining, checks };
  }
}

async function withinTime(check: () => Promise<string>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const message = await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return { ok: true, message };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
