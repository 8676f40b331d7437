import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isUniqueViolation, violatedConstraint } from '../platform/db-errors';
import { openDatabase } from './client';
import { EmbeddedDatabase, EmbeddedDatabaseError } from './embedded-client';

// The embedded database on its own thread (decision 0037): what Drizzle and the app rely
// on must behave as PGlite does in-process.
describe('the embedded database on its own thread', () => {
  let database: EmbeddedDatabase;
  beforeEach(async () => {
    database = await EmbeddedDatabase.open({ dataDir: undefined });
    await database.exec('create table notes (id int primary key, body text, at timestamptz)');
  });
  afterEach(() => database.close());

  it('answers rows as objects or arrays, with dates as PostgreSQL text and text byte for byte', async () => {
    const hostile = `\u202Eevil <b>x</b> ${'é'.repeat(10_000)}`;
    await database.query('insert into notes values ($1, $2, $3)', [
      1,
      hostile,
      '2026-11-26T05:00:00Z',
    ]);
    const objects = await database.query('select id, body, at from notes');
    expect(objects.rows).toEqual([{ id: 1, body: hostile, at: '2026-11-26 05:00:00+00' }]);
    expect(objects.fields.map((f) => f.name)).toEqual(['id', 'body', 'at']);
    const arrays = await database.query('select id, body from notes', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, hostile]]);
  });

  it('reports a PostgreSQL error with its code and constraint, and keeps serving', async () => {
    await database.query('insert into notes (id) values (1)');
    const error = await database.query('insert into notes (id) values (1)').catch((e) => e);
    expect(error).toBeInstanceOf(EmbeddedDatabaseError);
    expect(isUniqueViolation(error)).toBe(true);
    expect(violatedConstraint(error)).toBe('notes_pkey');
    expect((await database.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction, and rolls one back when its callback throws', async () => {
    await database.transaction(async (tx) => {
      await tx.query('insert into notes (id) values (1)');
    });
    const failure = await database
      .transaction(async (tx) => {
        await tx.query('insert into notes (id) values (2)');
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(failure).toBe('changed my mind');
    expect((await database.query('select id from notes')).rows).toEqual([{ id: 1 }]);
  });

  it('rolls back on request and refuses statements on a closed transaction', async () => {
    const late = await database.transaction(async (tx) => {
      await tx.query('insert into notes (id) values (3)');
      await tx.rollback();
      return tx.query('select 1').catch((e: Error) => e.message);
    });
    expect(late).toBe('Transaction is closed');
    expect((await database.query('select id from notes')).rows).toEqual([]);
  });

  it('makes other statements wait for an open transaction, as PGlite does', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await database.transaction(async (tx) => {
      await tx.query('insert into notes (id) values (1)');
      outside = database.query('select count(*)::int as n from notes').then((r) => {
        order.push('outside');
        return r.rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query('insert into notes (id) values (2)');
      order.push('transaction');
    });
    expect(await outside).toEqual([{ n: 2 }]);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('hands over a notification before the statement that caused it answers', async () => {
    const heard: string[] = [];
    const stop = await database.listen('changes', (payload) => heard.push(payload));
    await database.query("select pg_notify('changes', 'teacher 7')");
    expect(heard).toEqual(['teacher 7']);
    await stop();
    await database.query("select pg_notify('changes', 'teacher 8')");
    expect(heard).toEqual(['teacher 7']);
  });

  it('fails every call, rather than hanging, once the thread has stopped', async () => {
    await database.close();
    await expect(database.query('select 1')).rejects.toThrow('closed');
  });
});

describe('an embedded database thread that stops on its own', () => {
  it('fails what was waiting and tells the app once', async () => {
    const lost: string[] = [];
    const database = await EmbeddedDatabase.open({
      dataDir: undefined,
      onLost: (error) => lost.push(error.message),
    });
    const waiting = database.query('select pg_sleep(0.5)');
    // As a crash of the thread would: from outside, without a close.
    await (database as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(waiting).rejects.toThrow('The embedded database stopped');
    await expect(database.query('select 1')).rejects.toThrow('The embedded database stopped');
    expect(lost).toEqual(['The embedded database stopped (exit code 1)']);
  });
});

describe('the embedded database on disk', () => {
  it('keeps what was written across a close and a new start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cv-embedded-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      await first.db.execute(sql`create table kept (body text)`);
      await first.db.execute(sql`insert into kept values ('still here')`);
      await first.close();
      const second = await openDatabase({ kind: 'pglite', dataDir });
      const { rows } = (await second.db.execute(sql`select body from kept`)) as unknown as {
        rows: unknown[];
      };
      expect(rows).toEqual([{ body: 'still here' }]);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a database just created is opened again on a new thread; an existing one once', async () => {
    // initdb grows the first thread's WebAssembly memory for good: the app keeps a thread
    // that only opened the files (server/db/client.ts).
    const dataDir = mkdtempSync(join(tmpdir(), 'cv-embedded-'));
    const opened = vi.spyOn(EmbeddedDatabase, 'open');
    try {
      const created = await openDatabase({ kind: 'pglite', dataDir });
      expect(opened).toHaveBeenCalledTimes(2);
      // The migrations ran before the new thread took over: the schema is there.
      const { rows } = (await created.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'teachers'`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows).toEqual([{ n: 1 }]);
      await created.close();

      opened.mockClear();
      const reopened = await openDatabase({ kind: 'pglite', dataDir });
      expect(opened).toHaveBeenCalledTimes(1);
      await reopened.close();
    } finally {
      opened.mockRestore();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
