import { describe, expect, it } from 'vitest';
import { batchedLog } from './logger';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the batched log', () => {
  it('writes the lines of one turn of the event loop together, in order, once it ends', async () => {
    const writes: string[] = [];
    const log = batchedLog({ write: (text) => writes.push(text) });
    log.write('a\n');
    log.write('b\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\n']);
    log.write('c\n');
    await nextTurn();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes what is pending when the process exits', () => {
    const writes: string[] = [];
    const log = batchedLog({ write: (text) => writes.push(text) });
    log.write('last words\n');
    process.emit('exit', 0);
    expect(writes).toEqual(['last words\n']);
  });
});
