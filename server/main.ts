import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_TEACHER, seedDemoIfEmpty } from './db/seed-demo';
import { ensureAdminCredentials } from './modules/admin/credentials';
import { startReextraction } from './modules/documents/reextraction';
import { startScheduledWork } from './modules/notifications/schedule';
import { startHousekeeping } from './platform/housekeeping';
import { S3FileStore } from './platform/s3-file-store';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
const { app, ctx } = await buildApp({ config, db: database.db });
// A wrong bucket or key should stop the start, not the first pupil's hand-in.
if (ctx.files instanceof S3FileStore) await ctx.files.checkReachable();
app.addHook('onClose', async () => database.close());

await ensureAdminCredentials(ctx);
if (config.seedDemo && (await seedDemoIfEmpty(ctx))) {
  app.log.info('Seeded demo content into the empty database.');
}
if (config.seedDemo) {
  app.log.info(`Demo teacher: ${DEMO_TEACHER.email} / ${DEMO_TEACHER.password}`);
}
if (!process.env.PUBLIC_URL && process.env.NODE_ENV === 'production') {
  app.log.warn(`PUBLIC_URL is not set: links in e-mails will point at ${config.publicUrl}`);
}
if (!ctx.mailer.deliversBySmtp) {
  app.log.info('No SMTP_URL: e-mails are kept in the outbox table and printed to this log.');
}

// On shutdown: stop taking jobs and let the one in hand finish (or hand it back), then
// finish in-flight requests, then close the database, in that order.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, shutting down`);
    ctx.jobs
      .stop()
      .then(() => app.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}

await app.listen({ port: config.port, host: config.host });
// Jobs left queued or half-done by a previous run are picked up here. The embedded
// database belongs to this process alone, so a job still marked running was abandoned
// by a run that is gone: take it back now rather than after its lease.
if (database.kind === 'pglite') {
  const reclaimed = await ctx.jobs.reclaimAbandoned();
  if (reclaimed > 0) app.log.info(`Resuming ${reclaimed} interrupted background job(s).`);
}
ctx.jobs.start();
// The timer is unref'd: it never keeps the process alive on shutdown.
startHousekeeping(database.db, ctx.files, app.log);
// PDFs read by an older extractor are read again, a few at a time, when no hand-in waits.
startReextraction(ctx);
startScheduledWork(ctx);
app.log.info(
  `Classroom Voice on http://localhost:${config.port} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}; files: ${config.s3 ? `S3 bucket ${config.s3.bucket}` : 'DATA_DIR/files'})`,
);
