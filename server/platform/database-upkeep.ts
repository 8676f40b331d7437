import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { ScheduledTask } from './schedules';

const HOUR = 60 * 60 * 1000;

/**
 * PostgreSQL keeps its tables in shape with autovacuum: it clears the rows that updates
 * and deletes leave behind and refreshes the statistics the planner chooses plans by. The
 * embedded database (PGlite) runs PostgreSQL as a single process without that background
 * worker, so neither ever happened: sessions, jobs and throttle windows left dead rows
 * for ever, and every plan was chosen blind. Measured on a teacher with 1,000 hand-ins:
 * without statistics the documents list sorted all 1,000 rows to show 50; with them it
 * reads the 51 newest from the list index.
 *
 * A plain VACUUM (not FULL) takes no lock that stops reads or writes, and on a school's
 * database it takes well under a second; it runs at the first start and every 6 hours.
 * PostgreSQL deployments leave this to autovacuum (the task is not registered there).
 */
export function embeddedDatabaseUpkeepTask(db: Database, log: FastifyBaseLogger): ScheduledTask {
  return {
    name: 'embedded-database-upkeep',
    everyMs: 6 * HOUR,
    run: async () => {
      const started = performance.now();
      await db.execute(sql`vacuum (analyze)`);
      log.info(
        { ms: Math.round(performance.now() - started) },
        'Embedded database vacuumed and analysed',
      );
    },
  };
}
