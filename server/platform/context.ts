import type { FastifyBaseLogger } from 'fastify';
import type { AiEngines } from '../ai';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { FileStore } from './file-store';
import type { JobRunner } from './jobs';
import type { Mailer } from './mail';
import type { Throttle } from './throttle';

/** What every feature module is given: the shared platform parts, nothing global. */
export type AppContext = {
  config: Config;
  db: Database;
  mailer: Mailer;
  throttle: Throttle;
  files: FileStore;
  jobs: JobRunner;
  ai: AiEngines;
  log: FastifyBaseLogger;
};
