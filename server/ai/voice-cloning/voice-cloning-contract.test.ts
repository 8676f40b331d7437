import type { AddressInfo } from 'node:net';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, voiceWav } from '../../records/profiles/media.test-support';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { httpVoiceCloner, VoiceCloneError } from './client';

type Mode = 'ok' | '4xx' | '5xx' | 'slow';

/** A local server speaking the ElevenLabs protocol, with the checks a real one makes. */
async function startFakeVoiceService() {
  let mode: Mode = 'ok';
  const received: { name?: string; fileBytes: number; fileType?: string }[] = [];
  const app: FastifyInstance = Fastify({ forceCloseConnections: true });
  await app.register(fastifyMultipart);
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers['xi-api-key'] !== 'test-key') {
      return reply.status(401).send({ detail: { status: 'invalid_api_key' } });
    }
    if (mode === '5xx') return reply.status(503).send({ detail: 'overloaded' });
    if (mode === '4xx') return reply.status(422).send({ detail: 'sample too short' });
    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 1_500));
  });
  app.post('/v1/voices/add', async (request, reply) => {
    const entry: (typeof received)[number] = { fileBytes: 0 };
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'files') {
        entry.fileType = part.mimetype;
        entry.fileBytes = (await part.toBuffer()).length;
      } else if (part.type === 'field' && part.fieldname === 'name') {
        entry.name = String(part.value);
      }
    }
    if (!entry.name || !entry.fileBytes)
      return reply.status(400).send({ detail: 'name and files' });
    received.push(entry);
    return { voice_id: `el${received.length}Voice` };
  });
  app.post('/v1/text-to-speech/:voiceId', async (request, reply) => {
    const { text } = request.body as { text?: string };
    if (!text) return reply.status(400).send({ detail: 'text required' });
    return reply.type('audio/mpeg').send(Buffer.from(`ID3fake-mp3:${text}`));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setMode: (next: Mode) => {
      mode = next;
    },
    close: () => app.close(),
  };
}

describe('voice-cloning provider (ElevenLabs protocol)', () => {
  let service: Awaited<ReturnType<typeof startFakeVoiceService>>;
  let t: TestApp;

  beforeAll(async () => {
    service = await startFakeVoiceService();
    t = await startTestApp('pglite', {
      VOICE_CLONE_URL: service.url,
      VOICE_CLONE_API_KEY: 'test-key',
    });
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  const sample = { bytes: voiceWav(), contentType: 'audio/wav', fileName: 'sample.wav' };

  it('creates a voice and speaks text in it', async () => {
    service.setMode('ok');
    const cloner = httpVoiceCloner({ baseUrl: service.url, apiKey: 'test-key' });
    const voiceId = await cloner.createVoice(sample, 'Ms Hopper');
    expect(voiceId).toMatch(/^el\d+Voice$/);
    expect(service.received.at(-1)).toMatchObject({ name: 'Ms Hopper', fileType: 'audio/wav' });
    expect(service.received.at(-1)!.fileBytes).toBe(sample.bytes.length);
    const audio = await cloner.synthesize(voiceId, 'Hello parents');
    expect(audio.toString()).toBe('ID3fake-mp3:Hello parents');
  });

  it('reports a wrong key, 4xx, 5xx and a timeout as VoiceCloneError', async () => {
    const wrongKey = httpVoiceCloner({ baseUrl: service.url, apiKey: 'nope' });
    await expect(wrongKey.createVoice(sample, 'x')).rejects.toThrow(/answered 401/);
    const cloner = httpVoiceCloner({ baseUrl: service.url, apiKey: 'test-key', timeoutMs: 500 });
    service.setMode('4xx');
    await expect(cloner.createVoice(sample, 'x')).rejects.toThrow(/answered 422/);
    service.setMode('5xx');
    await expect(cloner.synthesize('v1', 'x')).rejects.toThrow(/answered 503/);
    service.setMode('slow');
    await expect(cloner.createVoice(sample, 'x')).rejects.toThrow('The voice service timed out');
    await expect(cloner.createVoice(sample, 'x')).rejects.toBeInstanceOf(VoiceCloneError);
    service.setMode('ok');
  });

  it('stores the provider voice id when configured, and falls back to built-in on failure', async () => {
    const { cookie } = await signedInTeacher(t);
    const create = async () => {
      const { samplePath } = (
        await t.app.inject({
          method: 'POST',
          url: '/api/teacher-voices/samples',
          headers: { cookie },
          payload: { audioData: dataUrl(voiceWav(), 'audio/wav') },
        })
      ).json();
      return t.app.inject({
        method: 'POST',
        url: '/api/teacher-voices/create',
        headers: { cookie },
        payload: { name: 'Mine', description: 'x', samplePath, consent: true },
      });
    };
    service.setMode('ok');
    const viaProvider = (await create()).json();
    expect(viaProvider).toMatchObject({ engine: 'provider', notice: null });
    expect(viaProvider.voiceId).toMatch(/^el\d+Voice$/);
    // Built-in settings are measured either way, so the offline synthesizer can stand in.
    expect(viaProvider.settings.variant).toBe('m3');

    service.setMode('5xx');
    const fallback = await create();
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json()).toMatchObject({ engine: 'builtin' });
    expect(fallback.json().voiceId).toMatch(/^voice_/);
    expect(fallback.json().notice).toMatch(/built-in engine/);
    service.setMode('ok');
  }, 30_000);
});
