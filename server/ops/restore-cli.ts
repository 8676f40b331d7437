import { loadConfig } from '../platform/config';
import { openFileStore } from '../platform/configured-file-store';
import { restoreFrom } from './backup';

/*
 * npm run restore -- <backup folder>
 * Restores a backup made by `npm run backup` into the empty database at DATABASE_URL and
 * the file store the app is configured with. Stop the app first; start it afterwards.
 */

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: npm run restore -- <backup folder>');
  process.exit(2);
}
const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    'No DATABASE_URL: restore the embedded database by putting a copy of DATA_DIR back (docs/deploy.md).',
  );
  process.exit(2);
}
const store = await openFileStore(config);
try {
  await store.checkReachable?.();
  const manifest = await restoreFrom(folder, config.databaseUrl, store, (line) =>
    console.info(line),
  );
  console.info(
    `Restored the database and ${manifest.files.length} files from the backup of ${manifest.createdAt}`,
  );
  if (manifest.missing.length > 0) {
    console.warn(
      `${manifest.missing.length} files were already missing when the backup was made; their documents answer "File not found".`,
    );
  }
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
} finally {
  // The S3 client keeps its connections open; the command ends here.
  store.destroy?.();
}
