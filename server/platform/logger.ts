import Fastify, { type FastifyBaseLogger } from 'fastify';
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
    ...(logStream ? { stream: logStream } : {}),
  };
}

/**
 * The same logger for a process without a web server (the worker): Fastify builds it from
 * the same options, and the instance is never listened on or given a route. Fastify's
 * own logger (pino) is not a dependency of ours to import directly.
 */
export function standaloneLogger(config: Config): FastifyBaseLogger {
  return Fastify({ logger: loggerOptions(config) }).log;
}
