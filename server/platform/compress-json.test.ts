import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressJsonAnswers, MIN_COMPRESSED_BYTES } from './compress-json';

const big = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Essay ${i}` })) };
const app = Fastify();

beforeAll(async () => {
  compressJsonAnswers(app);
  app.get('/big', async () => big);
  app.get('/small', async () => ({ ok: true }));
  app.get('/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(5000)));
  await app.ready();
});
afterAll(() => app.close());

const sameOrigin = { 'sec-fetch-site': 'same-origin' };

describe('JSON answers compressed for the app’s own fetches', () => {
  it('Brotli when accepted: the same JSON, smaller, and Vary: Accept-Encoding', async () => {
    const res = await app.inject({
      url: '/big',
      headers: { ...sameOrigin, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(big);
  });

  it('gzip when Brotli is not accepted (or refused with q=0)', async () => {
    const res = await app.inject({
      url: '/big',
      headers: { ...sameOrigin, 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(big);
  });

  it('nothing compressed without an accepted encoding', async () => {
    const res = await app.inject({ url: '/big', headers: sameOrigin });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(big);
  });

  it.each([
    ['cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a typed address or bookmark', { 'sec-fetch-site': 'none' }],
    ['no fetch metadata', {}],
  ])('not for a request that is %s (BREACH)', async (_what, headers) => {
    const res = await app.inject({ url: '/big', headers: { ...headers, 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.json()).toEqual(big);
  });

  it(`not below ${MIN_COMPRESSED_BYTES} bytes, nor other types than JSON`, async () => {
    const headers = { ...sameOrigin, 'accept-encoding': 'br' };
    const small = await app.inject({ url: '/small', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const text = await app.inject({ url: '/text', headers });
    expect(text.headers['content-encoding']).toBeUndefined();
  });
});
