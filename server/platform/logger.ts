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
    stream: logStream ?? batchedLog(),
  };
}

/**
 * Standard output, one write per turn of the event loop: the lines logged while the server
 * answered a batch of requests leave together, in order, once that batch is done. Written
 * one call per line (pino's default), the log took a quarter of a cached read's time on the
 * server's thread; written without waiting (pino's asynchronous mode), each line still cost
 * a hand-over to the file threads. Whatever is still pending is written before the process
 * exits, including after an uncaught error; only a process killed outright (SIGKILL, out of
 * memory) can lose the lines of its last turn.
 */
export function batchedLog(
  destination: { write: (text: string) => unknown } = pino.destination({ dest: 1, sync: true }),
) {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    destination.write(text);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      if (pending.push(line) === 1) setImmediate(flush);
    },
  };
}

/**
 * The same logger for a process without a web server (the worker): Fastify builds it from
 * the same options, and the instance is never listened on or given a route, so the worker's
 * lines pass the same serializers and the same scrub.
 */
export function standaloneLogger(config: Config): FastifyBaseLogger {
  return Fastify({ logger: loggerOptions(config) }).log;
}
