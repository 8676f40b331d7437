import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import pino from 'pino';
import type { Config } from './config';
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

/** How long a log line may wait for others to leave with it. */
export const LOG_BATCH_MS = 50;
/** Bytes of lines that leave together at most (a longer line leaves on its own). */
const LOG_BATCH_BYTES = 256 * 1024;

/**
 * Standard output in batches: the lines logged within LOG_BATCH_MS (at most
 * LOG_BATCH_BYTES of them) leave together, in order, in one write. Written one call per
 * line (pino's default), the log took a quarter of a cached read's time on the server's
 * thread. Each line is copied at once into one reusable buffer outside the JavaScript heap:
 * kept as strings until the write, a busy second's ~2,000 lines outlived the young
 * generation and every one was copied again by the garbage collector (GC was three times
 * the bare hello-world's per request). Whatever is pending is written before the process
 * exits, including after an uncaught error; only a process killed outright (SIGKILL, out of
 * memory) can lose its last LOG_BATCH_MS of lines.
 */
export function batchedLog(
  destination: { write: (bytes: Uint8Array) => unknown } = standardOutputInBytes(),
) {
  const batch = Buffer.allocUnsafe(LOG_BATCH_BYTES);
  let used = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (used === 0) return;
    // A copy: the destination may keep what it is given beyond this call.
    const bytes = Buffer.from(batch.subarray(0, used));
    used = 0;
    destination.write(bytes);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      // UTF-8 takes at most three bytes for each UTF-16 unit.
      if (line.length * 3 > LOG_BATCH_BYTES - used) {
        flush();
        if (line.length * 3 > LOG_BATCH_BYTES) return void destination.write(Buffer.from(line));
      }
      const wasEmpty = used === 0;
      used += batch.write(line, used, 'utf8');
      // Unref'd: a pending line never keeps a process alive; `exit` writes it.
      if (wasEmpty) timer = setTimeout(flush, LOG_BATCH_MS).unref();
    },
  };
}

/** Standard output written synchronously, as bytes (pino's destination in buffer mode). */
function standardOutputInBytes() {
  const stdout = pino.destination({ dest: 1, sync: true, contentMode: 'buffer' });
  // In buffer mode SonicBoom writes what it is given; its types only know strings.
  return { write: (bytes: Uint8Array) => stdout.write(bytes as unknown as string) };
}

/**
 * The line that says a request was answered, as pino writes it from the root logger with
 * the request's id (level, time, the logger's bindings, id, req, res, responseTime, msg),
 * built directly: every request writes one, and pino's general path (serializers, child
 * bindings, the scrub's look for secret fields) cost ~3 µs of each. Its fields are fixed and
 * none can hold a secret: the address is redacted by requestLogSerializer, and the values
 * are JSON-escaped. Undefined when info lines are off.
 */
export function requestCompletedLine(
  logger: FastifyBaseLogger,
  idLabel: string,
  request: FastifyRequest,
  statusCode: number,
  responseTime: number,
): string | undefined {
  const root = logger as unknown as Record<symbol, unknown>;
  if ((root[pino.symbols.levelValSym] as number) > pino.levels.values.info!) return undefined;
  return `{"level":${pino.levels.values.info},"time":${Date.now()}${root[pino.symbols.chindingsSym]},${JSON.stringify(idLabel)}:${JSON.stringify(request.id)},"req":${JSON.stringify(requestLogSerializer(request))},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`;
}

/** Writes a line to the logger's own destination, beside its other lines. */
export function writeLogLine(logger: FastifyBaseLogger, line: string): void {
  const stream = (logger as unknown as Record<symbol, { write: (text: string) => unknown }>)[
    pino.symbols.streamSym
  ];
  stream?.write(line);
}

/**
 * The same logger for a process without a web server (the worker): Fastify builds it from
 * the same options, and the instance is never listened on or given a route, so the worker's
 * lines pass the same serializers and the same scrub.
 */
export function standaloneLogger(config: Config): FastifyBaseLogger {
  return Fastify({ logger: loggerOptions(config) }).log;
}
