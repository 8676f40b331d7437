import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { readSingleFile } from './multipart';

const MAX_BYTES = 1_000;

/** The limits the app registers the plugin with, scaled to a 1,000-byte file. */
async function buildTestApp(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  // The same shape as the app's error handler: { message, code }.
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code });
    }
    return reply.status(500).send({ message: 'internal', code: 'internal_error' });
  });
  app.post('/upload', async (request) => {
    const upload = await readSingleFile(request, { maxBytes: MAX_BYTES, fileField: 'file' });
    return { size: upload.bytes.length, filename: upload.filename, fields: { ...upload.fields } };
  });
  await app.ready();
  return app;
}

/** Serialises a FormData the way a browser would send it. */
async function encode(form: FormData) {
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

function formWith(
  entries: [string, string | { bytes: Uint8Array<ArrayBuffer>; name: string }][],
): FormData {
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.bytes]), value.name);
  }
  return form;
}

const essay = (size: number, name = 'essay.pdf') => ({
  bytes: new Uint8Array(size).fill(65),
  name,
});

describe('readSingleFile', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => app?.close());

  async function post(form: FormData) {
    const response = await app.inject({ method: 'POST', url: '/upload', ...(await encode(form)) });
    return { status: response.statusCode, body: response.json() };
  }

  it('returns the file and the text fields', async () => {
    const form = formWith([
      ['classroomKeyId', 'abc123'],
      ['file', essay(200, 'Mein Aufsatz – Flüsse.pdf')],
      ['note', 'late because of the bus'],
    ]);
    expect(await post(form)).toEqual({
      status: 200,
      body: {
        size: 200,
        filename: 'Mein Aufsatz – Flüsse.pdf',
        fields: { classroomKeyId: 'abc123', note: 'late because of the bus' },
      },
    });
  });

  it('accepts a file of exactly the limit and refuses one byte more with 413', async () => {
    expect((await post(formWith([['file', essay(MAX_BYTES)]]))).status).toBe(200);
    for (const size of [MAX_BYTES + 1, MAX_BYTES + 2, 50 * MAX_BYTES]) {
      const { status, body } = await post(formWith([['file', essay(size)]]));
      expect([status, body.code], String(size)).toEqual([413, 'file_too_large']);
    }
  });

  it('asks for the file when there is none', async () => {
    for (const form of [
      formWith([['classroomKeyId', 'abc123']]),
      formWith([['file', { bytes: new Uint8Array(0), name: '' }]]),
      formWith([['attachment', essay(10)]]),
    ]) {
      expect(await post(form)).toEqual({
        status: 400,
        body: { message: 'Please upload your file', code: 'file_required' },
      });
    }
  });

  it('refuses a request that is not a form upload', async () => {
    const response = await app.inject({ method: 'POST', url: '/upload', payload: { file: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('not_multipart');
  });

  it('refuses a second file, too many fields and over-long fields', async () => {
    const twoFiles = await post(
      formWith([
        ['file', essay(10)],
        ['file', essay(10, 'b.pdf')],
      ]),
    );
    expect([twoFiles.status, twoFiles.body.code]).toEqual([400, 'too_many_files']);

    const manyFields = formWith(
      Array.from({ length: 11 }, (_, i) => [`f${i}`, 'x'] as [string, string]),
    );
    manyFields.append('file', new Blob([new Uint8Array(10)]), 'essay.pdf');
    const fields = await post(manyFields);
    expect([fields.status, fields.body.code]).toEqual([400, 'too_many_fields']);

    const longField = await post(
      formWith([
        ['note', 'x'.repeat(1025)],
        ['file', essay(10)],
      ]),
    );
    expect([longField.status, longField.body.code]).toEqual([400, 'field_too_long']);

    const proto = await post(
      formWith([
        ['__proto__', 'x'],
        ['file', essay(10)],
      ]),
    );
    expect([proto.status, proto.body.code]).toEqual([400, 'invalid_form']);
  });

  it('refuses a malformed or cut-off body with a clear 400', async () => {
    const { payload, headers } = await encode(formWith([['file', essay(300)]]));
    const cutOff = await app.inject({
      method: 'POST',
      url: '/upload',
      headers,
      payload: payload.subarray(0, 200),
    });
    expect(cutOff.statusCode).toBe(400);
    expect(cutOff.json().code).toMatch(/^(invalid_form|upload_interrupted)$/);

    const noBoundary = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'hello',
    });
    expect([noBoundary.statusCode, noBoundary.json().code]).toEqual([400, 'invalid_form']);
  });

  it('reads a hand-built body with a file before the fields', async () => {
    const boundary = '----classroom-voice-test';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="photo.jpg"',
      'Content-Type: image/jpeg',
      '',
      'not really a jpeg',
      `--${boundary}`,
      'Content-Disposition: form-data; name="title"',
      '',
      'My river',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.json()).toEqual({
      size: 17,
      filename: 'photo.jpg',
      fields: { title: 'My river' },
    });
  });
});
