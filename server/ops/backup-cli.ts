import { loadConfig } from '../platform/config';
import { openFileStore } from '../platform/configured-file-store';
import { backupTo } from './backup';

/*
 * npm run backup -- <new folder>
 * Backs up the PostgreSQL database (DATABASE_URL) and the file store the app is
 * configured with, using the same environment as the app. See docs/deploy.md.
 */

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: npm run backup -- <new backup folder>');
  process.exit(2);
}
const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    'No DATABASE_URL: the embedded database is backed up by stopping the app and copying DATA_DIR (docs/deploy.md).',
  );
  process.exit(2);
}
const store = await openFileStore(config);
try {
  await store.checkReachable?.();
  const manifest = await backupTo(config.databaseUrl, store, folder, (line) => console.info(line));
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  console.info(
    `Backed up the database (${manifest.database.bytes} bytes) and ${manifest.files.length} files (${bytes} bytes) to ${folder}`,
  );
  if (manifest.missing.length > 0 || manifest.damaged.length > 0) {
    // The backup is written, but a restore of it would lack these files.
    console.error(
      `Incomplete: ${manifest.missing.length} referenced files were missing and ${manifest.damaged.length} did not match their checksum (listed in manifest.json). Run the backup again; if they stay missing, the live store has lost them.`,
    );
    process.exit(1);
  }
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
} finally {
  // The S3 client keeps its connections open; the command ends here.
  store.destroy?.();
}
