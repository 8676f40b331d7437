import type { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  describeSchemaVersion,
  knownMigrations,
  readSchemaVersion,
  SchemaMigrationsSkippedError,
} from './schema-version';

/** A database that has applied migrations made at these times (drizzle's own record). */
const appliedAt = (times: number[]) => ({
  execute: async (_query: ReturnType<typeof sql>) => ({
    rows: times.map((created_at) => ({ created_at: String(created_at) })),
  }),
});

describe('the migrations this build carries', () => {
  it('are dated in the order they are applied, so drizzle never passes one over', () => {
    // Drizzle applies only entries newer than the newest it recorded: an entry dated before
    // one already on main would never reach a database that has the later one.
    const known = knownMigrations();
    for (let i = 1; i < known.length; i++) {
      expect(known[i]!.createdAt, known[i]!.tag).toBeGreaterThan(known[i - 1]!.createdAt);
    }
  });

  it('tells a database that was passed over a migration, and refuses it', async () => {
    const known = knownMigrations();
    const last = known.length - 1;
    // Everything applied except the one before last: it is older than the newest applied.
    const applied = known.filter((_, i) => i !== last - 1).map((m) => m.createdAt);
    const version = await readSchemaVersion(appliedAt(applied), known);
    expect(version.skipped.map((m) => m.tag)).toEqual([known[last - 1]!.tag]);
    expect(version.pending).toEqual([]);
    expect(describeSchemaVersion(version).at(-1)).toMatch(/passed over.*refuses to start/);
    expect(new SchemaMigrationsSkippedError(version).message).toContain(known[last - 1]!.tag);
    // A database simply behind is not passed over: its missing ones are pending.
    const behind = await readSchemaVersion(
      appliedAt(known.slice(0, -2).map((m) => m.createdAt)),
      known,
    );
    expect(behind.skipped).toEqual([]);
    expect(behind.pending.length).toBe(2);
  });
});
