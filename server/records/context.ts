import type { FastifyBaseLogger } from 'fastify';
import type { AiEngines } from '../ai';
import type { Database } from '../db/client';
import type { Config } from '../platform/config';
import type { FileStore } from '../platform/file-store';
import type { JobRunner } from '../platform/jobs';
import type { Mailer } from '../platform/mail';
import type { Throttle } from '../platform/throttle';
import type { LinkViewRecorder } from './links';

/**
 * What every record, job and route is given: the platform's parts and the AI engines,
 * nothing global. Lower tiers take only the part they use (a FileStore, a Database).
 */
export type AppContext = {
  config: Config;
  db: Database;
  mailer: Mailer;
  throttle: Throttle;
  files: FileStore;
  jobs: JobRunner;
  ai: AiEngines;
  /** Openings of shared links, written in batches (records/links). */
  linkViews: LinkViewRecorder;
  log: FastifyBaseLogger;
};
