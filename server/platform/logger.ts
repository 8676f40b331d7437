import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';
import { requestLogSerializer, scrubLogLine } from './log-redaction';

/** The log every process writes (the web server's and the worker's alike). */
export function loggerOptions(config: Config, logStream?: { write: (line: string) => void }) {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    serializers: { req: requestLogSerializer },
    // Every line, from every module, leaves without secrets or query parameters.
    hooks: { streamWrite: scrubLogLine },
    stream: logStream ?? standardOutput(),
  };
}

/**
 * Standard output, written without waiting: a line is handed to the system in the
 * background, and lines logged while a write is under way leave together in the next one.
 * Written one synchronous call per line (pino's default), the log took a quarter of a
 * cached read's time on the server's thread. What is still buffered is written out before
 * the process exits (pino flushes it on `exit`, including after an uncaught error); only a
 * process killed outright (SIGKILL, out of memory) can lose its last lines.
 */
function standardOutput() {
  return pino.destination({ dest: 1, sync: false });
}

/**
 * The same logger for a process without a web server (the worker): Fastify builds it from
 * the same options, and the instance is never listened on or given a route, so the worker's
 * lines pass the same serializers and the same scrub.
 */
export function standaloneLogger(config: Config): FastifyBaseLogger {
  return Fastify({ logger: loggerOptions(config) }).log;
}
