export { forgetRetentionNotices, runRetention } from './purge';
