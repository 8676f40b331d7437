/*
 * `npm run worker`: runs the background jobs (extraction, video rendering, avatars, file
 * removal, hand-in notices) and the periodic work (housekeeping, digests, reminders,
 * retention) without a web server. PostgreSQL only; see README "Worker processes".
 */
import { runWorker } from './worker-process';

await runWorker();
