import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { declareLoggableParams } from './log-redaction';
import { batchedLog, LOG_BATCH_MS, loggerOptions, requestCompletedLine } from './logger';

describe('the batched log', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the lines of a short while together, in order, then the next ones', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const log = batchedLog({ write: (bytes) => writes.push(Buffer.from(bytes).toString()) });
    log.write('a\n');
    log.write('b\n');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(LOG_BATCH_MS);
    expect(writes).toEqual(['a\nb\n']);
    log.write('c\n');
    vi.advanceTimersByTime(LOG_BATCH_MS);
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes at once when the waiting lines fill the batch, and loses no byte of any', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const log = batchedLog({ write: (bytes) => writes.push(Buffer.from(bytes).toString()) });
    // Multi-byte text (accents, right-to-left, an emoji) at every offset of the batch.
    const lines = Array.from({ length: 2000 }, (_, i) => `${i} é שלום 🙂 ${'x'.repeat(i % 300)}\n`);
    for (const line of lines) log.write(line);
    expect(writes.length).toBeGreaterThan(0);
    vi.advanceTimersByTime(LOG_BATCH_MS);
    expect(writes.join('')).toBe(lines.join(''));
  });

  it('writes a line longer than a batch on its own, after what was waiting', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const log = batchedLog({ write: (bytes) => writes.push(Buffer.from(bytes).toString()) });
    const huge = `${'é'.repeat(300_000)}\n`;
    log.write('before\n');
    log.write(huge);
    log.write('after\n');
    vi.advanceTimersByTime(LOG_BATCH_MS);
    expect(writes).toEqual(['before\n', huge, 'after\n']);
  });

  it('writes what is pending when the process exits', () => {
    const writes: string[] = [];
    const log = batchedLog({ write: (bytes) => writes.push(Buffer.from(bytes).toString()) });
    log.write('last words\n');
    process.emit('exit', 0);
    expect(writes).toEqual(['last words\n']);
  });
});

describe('the line that says a request was answered', () => {
  it('is the line pino writes for the same fields, with the address redacted', async () => {
    const lines: string[] = [];
    const config = { logLevel: 'info' } as Parameters<typeof loggerOptions>[0];
    const app = Fastify({ logger: loggerOptions(config, { write: (l) => void lines.push(l) }) });
    declareLoggableParams(app);
    let built: string | undefined;
    app.get('/api/shared/:key', async (request, reply) => {
      built = requestCompletedLine(app.log, 'reqId', request, 200, 1.5);
      request.server.log.info(
        { reqId: request.id, req: request, res: reply, responseTime: 1.5 },
        'request completed',
      );
      return {};
    });
    await app.inject({ url: '/api/shared/Ab3_secret?token=x', headers: { host: 'cv.example' } });
    await app.close();
    const fromPino = JSON.parse(lines.find((l) => l.includes('request completed'))!);
    const ours = JSON.parse(built!);
    expect({ ...ours, time: 0 }).toEqual({ ...fromPino, time: 0 });
    expect(ours.req.url).toBe('/api/shared/[redacted]?[redacted]');
    expect(Object.keys(ours)).toEqual(Object.keys(fromPino));
  });

  it('is not written when info lines are off', () => {
    const app = Fastify({
      logger: loggerOptions({ logLevel: 'warn' } as Parameters<typeof loggerOptions>[0], {
        write: () => {},
      }),
    });
    expect(
      requestCompletedLine(
        app.log,
        'reqId',
        {} as Parameters<typeof requestCompletedLine>[2],
        200,
        1,
      ),
    ).toBeUndefined();
  });
});
