import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { type Config, loadConfig } from '../platform/config';
import type { AppContext } from '../records/context';
import { type LocalS3, startLocalS3 } from './s3-server';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export function testBackends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Creates a throwaway database on the test server and returns its URL and a drop function. */
export async function createPostgresDatabase() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cv_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await dropWhenReleased(client, name);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * pg's Pool.end() resolves once it has asked its clients to end, not once they have.
 * A forced drop would terminate a client still saying goodbye, and pg raises that as an
 * uncaught error in the test run; so drop politely, waiting while the database is still
 * in use (55006), and force only if something really stays connected.
 */
async function dropWhenReleased(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await client.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await client.query(`drop database if exists ${name} with (force)`);
}

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  close: () => Promise<void>;
};

/** Builds the real app on a fresh, migrated database of the given kind. */
export async function startTestApp(
  backend: Backend,
  env: Record<string, string> = {},
  options: { listen?: boolean; logStream?: { write: (line: string) => void } } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cv-test-'));
  // TEST_S3=1 runs the app on an S3-compatible store (s3rver) instead of DATA_DIR/files.
  const s3: LocalS3 | undefined =
    process.env.TEST_S3 === '1' && !env.S3_BUCKET ? await startLocalS3() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-test-password',
    PORT: '0',
    ...s3?.env,
    ...env,
  });
  if (!options.listen) config.webRoot = undefined;
  const pgDatabase = backend === 'postgres' ? await createPostgresDatabase() : undefined;
  const database = await openDatabase(
    pgDatabase ? { kind: 'postgres', url: pgDatabase.url } : { kind: 'pglite', dataDir: undefined },
  );
  const { app, ctx } = await buildApp({
    config,
    db: database.db,
    logStream: options.logStream,
    checkResponses: true,
  });
  if (options.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    config.publicUrl = `http://127.0.0.1:${port}`;
  }
  return {
    app,
    ctx,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await pgDatabase?.drop();
      await s3?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie pair ("name=value") from a response, for the next request. */
export function sessionCookie(response: LightMyRequestResponse, name: string): string {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`No ${name} cookie in response`);
  return `${name}=${cookie.value}`;
}

export function uniqueEmail(prefix = 'teacher'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@school.example`;
}
