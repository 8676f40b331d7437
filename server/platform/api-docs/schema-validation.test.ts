import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordIdSchema } from '../../../contract/ids';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { AppError } from '../errors';
import { notFoundParams, paramsError, readByTheRoute } from '../validation';
import { installSchemaCompilers, type SchemaTypes } from './schema-compilers';

/*
 * Routes validate with the schemas they declare (decision 0065): the validator compiler
 * answers exactly as the handlers' own parsing did (400 with the first issue's message,
 * 404 with the route's message for an address that names no record), and the handler
 * reads the parsed value.
 */

describe('the validator compiler', () => {
  let app: FastifyInstance;
  const seen: unknown[] = [];
  const caught: unknown[] = [];

  beforeAll(async () => {
    app = Fastify();
    installSchemaCompilers(app, false);
    app.setErrorHandler((error, _request, reply) => {
      caught.push(error);
      if (!(error instanceof AppError)) return reply.status(500).send({ code: 'other' });
      return reply.status(error.statusCode).send({ message: error.message, code: error.code });
    });
    const typed = app.withTypeProvider<SchemaTypes>();
    const body = z.object({
      title: z.string().trim().min(1, 'Title is required'),
      count: z.coerce.number().int().default(3),
      size: z.number(),
    });
    typed.post(
      '/things/:id',
      {
        schema: {
          params: notFoundParams(z.object({ id: recordIdSchema() }), 'Thing not found'),
          querystring: z.object({ sort: z.enum(['new', 'old']).default('new') }),
          body,
        },
      },
      async (request) => {
        // Typed from the schemas: a number, a defaulted enum, a trimmed title.
        const id: number = request.params.id;
        const sort: 'new' | 'old' = request.query.sort;
        seen.push({ id, sort, body: request.body });
        return { ok: true };
      },
    );
    typed.get(
      '/links/:key/items/:itemId',
      {
        schema: {
          params: notFoundParams(z.object({ key: z.string().max(10), itemId: recordIdSchema() }), {
            itemId: 'Item not found',
          }),
        },
      },
      async () => ({ ok: true }),
    );
    typed.post(
      '/form',
      { schema: { body: readByTheRoute(z.object({ file: z.string() })) } },
      async (request) => ({ body: request.body ?? null }),
    );
    await app.ready();
  });
  afterAll(async () => app?.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, payload });

  it('hands the handler the parsed value: coerced, trimmed, defaulted', async () => {
    seen.length = 0;
    const response = await post('/things/42', { title: '  Essay ', size: 2, count: '7' });
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual([{ id: 42, sort: 'new', body: { title: 'Essay', count: 7, size: 2 } }]);
    await post('/things/42?sort=old', { title: 'x', size: 1 });
    expect(seen[1]).toEqual({ id: 42, sort: 'old', body: { title: 'x', count: 3, size: 1 } });
  });

  it('answers a body that does not parse with a 400 and its first issue’s message', async () => {
    seen.length = 0;
    caught.length = 0;
    const blank = await post('/things/42', { title: '   ', size: 'big' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: 'Title is required', code: 'validation_error' });
    // The handler's AppError, as the handlers threw it: no Fastify validation wrapper.
    expect(caught[0]).toBeInstanceOf(AppError);
    // A missing field the schema gives no words for reads "<field> is required".
    const missing = await post('/things/42', { title: 'Essay' });
    expect(missing.json()).toEqual({ message: 'size is required', code: 'validation_error' });
    // No body at all parses as {}: the first missing field is named.
    const none = await app.inject({ method: 'POST', url: '/things/42' });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('validation_error');
    const query = await post('/things/42?sort=sideways', { title: 'Essay', size: 1 });
    expect(query.statusCode).toBe(400);
    expect(query.json().code).toBe('validation_error');
    expect(seen).toEqual([]);
  });

  it('answers an address that names no record with a 404 and the route’s message', async () => {
    for (const id of ['abc', '0x10', '016', '99999999999']) {
      const response = await post(`/things/${id}`, { title: 'Essay', size: 1 });
      expect(response.statusCode, id).toBe(404);
      // The route's message, not the schema's own ("Not found").
      expect(response.json()).toEqual({ message: 'Thing not found', code: 'not_found' });
    }
  });

  it('gives per-parameter messages: named ones are 404s, the others 400s', async () => {
    const item = await app.inject({ url: '/links/abc/items/x1' });
    expect(item.statusCode).toBe(404);
    expect(item.json()).toEqual({ message: 'Item not found', code: 'not_found' });
    const key = await app.inject({ url: `/links/${'k'.repeat(11)}/items/1` });
    expect(key.statusCode).toBe(400);
    expect(key.json().code).toBe('validation_error');
    expect((await app.inject({ url: '/links/abc/items/1' })).statusCode).toBe(200);
  });

  it('lets a body the route reads itself through as sent', async () => {
    const response = await post('/form', { other: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: { other: 1 } });
  });

  it('takes per-parameter messages only for parameters the schema has (tsc checks it)', () => {
    const params = z.object({ key: z.string().max(10), itemId: recordIdSchema() });
    // A misspelt or stale name is no message at all: the address would quietly answer 400
    // instead of the route's 404. The type refuses it (npx tsc fails if it is accepted).
    // @ts-expect-error 'itemID' is not one of the schema's parameters
    const misspelt = notFoundParams(params, { itemID: 'Item not found' });
    const parsed = misspelt.safeParse({ key: 'k', itemId: 'x1' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(paramsError(misspelt, parsed.error).statusCode).toBe(400);
    const named = notFoundParams(params, { itemId: 'Item not found' });
    const refused = named.safeParse({ key: 'k', itemId: 'x1' });
    if (refused.success) throw new Error('itemId x1 parsed');
    expect(paramsError(named, refused.error)).toMatchObject({ statusCode: 404 });
  });
});

describe.each(testBackends())('routes that trust their schemas, on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ cookie } = await signedInTeacher(t));
  });
  afterAll(async () => t?.close());

  it('asks who is calling before it reads the input: 401, not 400 or 404', async () => {
    const writes = [
      { method: 'POST' as const, url: '/api/comment-bank', payload: { text: 5 } },
      { method: 'POST' as const, url: '/api/documents/abc/feedback', payload: {} },
      { method: 'PUT' as const, url: '/api/lesson-plans/1', payload: { title: [] } },
      { method: 'POST' as const, url: '/api/students', payload: {} },
      { method: 'PUT' as const, url: '/api/teacher-voices/x/voice-type', payload: {} },
    ];
    for (const write of writes) {
      const response = await t.app.inject(write);
      expect(response.statusCode, write.url).toBe(401);
    }
    const admin = await t.app.inject({ url: '/api/admin/users?limit=nope' });
    expect(admin.statusCode).toBe(401);
    expect(admin.json().code).toBe('admin_required');
  });

  it('answers malformed input as the handlers did', async () => {
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/comment-bank',
      headers: { cookie },
      payload: { text: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: 'Comment text is required', code: 'validation_error' });
    const plan = await t.app.inject({ url: '/api/lesson-plans/1e3', headers: { cookie } });
    expect(plan.statusCode).toBe(404);
    expect(plan.json()).toEqual({ message: 'Lesson plan not found', code: 'not_found' });
    // This address answers a malformed key with a 400, as it always has.
    const key = await t.app.inject({ url: '/api/classroom-keys/short' });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual({ message: 'Invalid classroom key', code: 'validation_error' });
  });

  it('keeps a secret address’s private headers on an answer refused for its shape', async () => {
    const response = await t.app.inject({ url: '/api/feedback-view/some-key/region-crop/x' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'This region has no picture', code: 'not_found' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const pupil = await t.app.inject({ url: `/api/pupil-documents/brave-otter/${'a'.repeat(21)}` });
    expect(pupil.statusCode).toBe(404);
    expect(pupil.json().message).toBe(
      'This document could not be found. Check the address with your teacher.',
    );
    expect(pupil.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('redirects an e-mail verification without a usable token, as before', async () => {
    for (const url of ['/api/auth/verify-email', '/api/auth/verify-email?token=a&token=b']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(303);
      expect(response.headers.location).toBe('/login?invalid=true');
    }
  });
});
