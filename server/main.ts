import { buildApp } from './app';
import { startBackgroundWork } from './background';
import { openDatabase } from './db/client';
import { SchemaNewerThanBuildError } from './db/schema-version';
import { loadConfig } from './platform/config';
import { standaloneLogger } from './platform/logger';
import { collectProcessMetrics } from './platform/metrics';
import { shareSessionChanges } from './platform/session-cache';
import { ensureAdminCredentials } from './records/admin';
import { DEMO_TEACHER, seedDemoIfEmpty } from './records/teachers';

/**
 * Behind a proxy, how long a stopping instance keeps answering while its readiness says
 * 503 and every answer closes its connection: the proxy's health check (every 2 s in the
 * guide's Caddyfile) and its pooled connections move on to the other instances first.
 */
const DRAIN_MS = 2_500;

const config = loadConfig();
if (!config.runJobs && !config.databaseUrl) {
  // Nothing else could ever run the hand-ins' extraction, the e-mails or the purge.
  console.error(
    'RUN_JOBS=false needs PostgreSQL (DATABASE_URL): the embedded database belongs to this ' +
      'process alone, so no worker process could run the background jobs. Unset RUN_JOBS.',
  );
  process.exit(1);
}
// Start-up's own lines (waiting for the database, migrations) before the app's logger exists.
const startLog = standaloneLogger(config);
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
  {
    log: startLog,
    // Every request would fail from here on: stop, so that whatever runs the app
    // (systemd, Docker, npm start in a terminal) shows it and can start it again.
    onLost: (error) => {
      console.error(`${error.message}. Classroom Voice stops.`);
      process.exit(1);
    },
  },
).catch((error: unknown) => {
  // An older build on a newer schema: one line that says what to do, not a stack trace.
  if (!(error instanceof SchemaNewerThanBuildError)) throw error;
  console.error(`${error.message}. Classroom Voice stops.`);
  process.exit(1);
});
collectProcessMetrics();
const { app, ctx, readiness } = await buildApp({ config, db: database.db, database });
// A wrong bucket or key should stop the start, not the first pupil's hand-in: with one
// line that says what to do, not a stack trace.
await ctx.files.checkReachable?.().catch((error: unknown) => {
  console.error(
    `${error instanceof Error ? error.message : String(error)}. Classroom Voice stops.`,
  );
  process.exit(1);
});
app.addHook('onClose', async () => database.close());
// A sign-out or a block here reaches the other instances' session caches at once.
if (database.url) {
  const stopSharing = await shareSessionChanges(database.db, database.url, app.log);
  app.addHook('onClose', stopSharing);
}

await ensureAdminCredentials(ctx);
const seeded = config.seedDemo ? await seedDemoIfEmpty(ctx) : null;
if (seeded) {
  app.log.warn(
    `Demo teacher created in the empty database. E-mail: ${DEMO_TEACHER.email}  Password: ${seeded.password}  ` +
      '(shown only this once; SEED_DEMO=false leaves an empty database empty)',
  );
}
if (!process.env.PUBLIC_URL && process.env.NODE_ENV === 'production') {
  app.log.warn(`PUBLIC_URL is not set: links in e-mails will point at ${config.publicUrl}`);
}
if (!ctx.mailer.deliversBySmtp) {
  app.log.info(
    'No SMTP_URL: e-mails are kept in the mail_outbox table; this log shows only their recipient and subject (`npm run mail:catch` reads mail in development)',
  );
}

let stopBackgroundWork = async () => {};
// On shutdown: say "not ready" and drain (behind a proxy), stop taking jobs and let the one
// in hand finish (or hand it back), then finish in-flight requests, then close the
// database, in that order.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, shutting down`);
    readiness.drain();
    const drainMs = config.trustProxyHops > 0 ? DRAIN_MS : 0;
    // Every answer from now on closes its connection, so no kept-alive client can hold the
    // closing server open (requests are still answered while it closes: app.ts).
    app.server.prependListener('request', (_request, response) => {
      response.shouldKeepAlive = false;
    });
    new Promise((resolve) => setTimeout(resolve, drainMs))
      .then(() => stopBackgroundWork())
      .then(() => app.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}

await app.listen({ port: config.port, host: config.host });
// Jobs left queued or half-done by a previous run are picked up here, with the periodic
// work (housekeeping, digests, reminders, retention). With RUN_JOBS=false this instance
// serves HTTP only: `npm run worker` processes run all of it.
if (config.runJobs) {
  stopBackgroundWork = await startBackgroundWork(ctx, database);
} else {
  app.log.info('RUN_JOBS=false: background jobs run in `npm run worker` processes.');
}
app.log.info(
  `Classroom Voice on http://localhost:${config.port} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}; files: ${config.s3 ? `S3 bucket ${config.s3.bucket}` : 'DATA_DIR/files'})`,
);
