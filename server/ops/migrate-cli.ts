import { openDatabase } from '../db/client';
import {
  describeSchemaVersion,
  readSchemaVersion,
  SchemaNewerThanBuildError,
} from '../db/schema-version';
import { loadConfig } from '../platform/config';

/*
 * npm run migrate -- status   which migrations this build knows, which the database has
 *                             applied, and whether it is newer than this build
 * npm run migrate             applies the pending ones now (each instance also does so at
 *                             start, under a lock), one line per migration
 * Exit status: 0 up to date (or migrated), 2 migrations pending, 3 the database is newer
 * than this build, 1 anything else. The embedded database only while the app is stopped.
 */

const command = process.argv[2] ?? 'apply';
if (command !== 'status' && command !== 'apply') {
  console.error('Usage: npm run migrate [-- status]');
  process.exit(1);
}
const config = loadConfig();
const target = config.databaseUrl
  ? ({ kind: 'postgres', url: config.databaseUrl } as const)
  : ({ kind: 'pglite', dataDir: config.dataDir } as const);
const log = {
  info: (message: string) => console.info(message),
  warn: (_fields: object, message: string) => console.warn(message),
};

try {
  if (command === 'status') {
    const database = await openDatabase(target, { migrate: false, waitForDatabase: false });
    try {
      const version = await readSchemaVersion(database.db);
      for (const line of describeSchemaVersion(version)) console.info(line);
      process.exitCode = version.unknown > 0 ? 3 : version.pending.length > 0 ? 2 : 0;
    } finally {
      await database.close();
    }
  } else {
    const database = await openDatabase(target, { log, waitForDatabase: false });
    await database.close();
  }
} catch (error) {
  if (error instanceof SchemaNewerThanBuildError) {
    console.error(error.message);
    process.exit(3);
  }
  console.error(`Migration ${command} failed: ${(error as Error).message}`);
  process.exit(1);
}
