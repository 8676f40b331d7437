/* The periodic e-mails and the retention purge, every 15 minutes, cluster-wide. */
export { runScheduledWork, scheduledWorkTask } from './schedule';
