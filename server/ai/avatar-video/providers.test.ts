import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaBinary } from '../../platform/media';
import { openAiSpeechSynthesizer, wavFromPcm } from '../speech-synthesis';
import { avatarServiceEngine } from './avatar-service';
import { mediaEngines } from './engines';
import type { RenderInput } from './render';
import { probe, TEST_FACE, testFacePhoto } from './test/media-test-kit';

const silentLog = { warn: () => {} } as unknown as Parameters<typeof mediaEngines>[1];

/** One second of a 220 Hz tone pulsing like syllables, as 16-bit WAV. */
function toneWav(seconds = 1.5, rate = 22_050): Buffer {
  const pcm = Buffer.alloc(Math.round(seconds * rate) * 2);
  for (let i = 0; i < pcm.length / 2; i++) {
    const t = i / rate;
    const envelope = 0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * t);
    pcm.writeInt16LE(Math.round(12_000 * envelope * Math.sin(2 * Math.PI * 220 * t)), i * 2);
  }
  return wavFromPcm(pcm, rate);
}

/**
 * A local server speaking both protocols, with the checks a real provider makes (key,
 * body shape) and every failure we must survive, chosen per test by `mode`.
 */
async function startFakeProviders(mp4: Buffer) {
  const state = { mode: 'ok', posted: [] as Array<{ source_image: string; audio: string }> };
  const app: FastifyInstance = Fastify({ bodyLimit: 50 * 1024 * 1024 });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/results/')) return;
    if (request.headers.authorization !== 'Bearer test-key') {
      return reply.status(401).send({ error: { message: 'Incorrect API key' } });
    }
  });
  const fail = async (reply: import('fastify').FastifyReply) => {
    if (state.mode === '4xx') return reply.status(400).send({ error: { message: 'bad input' } });
    if (state.mode === '5xx') return reply.status(503).send({ error: { message: 'overloaded' } });
    if (state.mode === 'slow') await new Promise((r) => setTimeout(r, 2000));
    return null;
  };
  app.post('/v1/audio/speech', async (request, reply) => {
    const body = request.body as { model?: string; voice?: string; input?: string };
    if (body.model !== 'tts-1' || body.voice !== 'fable' || !body.input) {
      return reply.status(400).send({ error: { message: 'model, voice and input are required' } });
    }
    if (await fail(reply)) return reply;
    return reply.header('Content-Type', 'audio/wav').send(toneWav());
  });
  app.post('/talks', async (request, reply) => {
    const body = request.body as { source_image?: string; audio?: string };
    if (!body.source_image?.startsWith('data:image/') || !body.audio?.startsWith('data:audio/')) {
      return reply.status(400).send({ kind: 'ValidationError' });
    }
    if (state.mode === '4xx') return reply.status(402).send({ kind: 'InsufficientCredits' });
    if (state.mode === 'slow') await new Promise((r) => setTimeout(r, 2000));
    state.posted.push(body as { source_image: string; audio: string });
    return reply.status(201).send({ id: 'tlk_123', status: 'created' });
  });
  app.get('/talks/:id', async (_request, reply) => {
    if (state.mode === '5xx') return reply.status(500).send({ kind: 'InternalError' });
    if (state.mode === 'never') return { id: 'tlk_123', status: 'started' };
    if (state.mode === 'error') return { id: 'tlk_123', status: 'error' };
    return { id: 'tlk_123', status: 'done', result_url: '/results/tlk_123.mp4' };
  });
  app.get('/results/:name', async (_request, reply) =>
    reply.header('Content-Type', 'video/mp4').send(mp4),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, state, url: `http://127.0.0.1:${port}` };
}

describe('provider contracts (speech and talking avatar), with fallback to the built-in engines', () => {
  let fake: Awaited<ReturnType<typeof startFakeProviders>>;
  let dir: string;
  let input: RenderInput;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cv-providers-'));
    const mp4Path = join(dir, 'talk.mp4');
    // biome-ignore format: options read best grouped with their values
    spawnSync(await mediaBinary('ffmpeg'), [
      '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=480x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=300',
      '-t', '1.5', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', mp4Path,
    ]);
    fake = await startFakeProviders(readFileSync(mp4Path));
    input = {
      audio: toneWav(),
      captions: 'A short message for parents.',
      avatar: { photo: await testFacePhoto(), face: TEST_FACE },
      teacherName: 'Mrs Jones',
    };
  }, 60_000);
  afterAll(async () => {
    await fake?.app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const speech = (timeoutMs = 1000) =>
    openAiSpeechSynthesizer({
      baseUrl: `${fake.url}/v1`,
      apiKey: 'test-key',
      model: 'tts-1',
      voice: 'fable',
      timeoutMs,
    });
  const avatar = (options: { deadlineMs?: number; requestTimeoutMs?: number } = {}) =>
    avatarServiceEngine({
      baseUrl: fake.url,
      apiKey: 'test-key',
      pollMs: 50,
      deadlineMs: 1500,
      requestTimeoutMs: 1000,
      ...options,
    });

  it('speaks through /v1/audio/speech, and falls back to eSpeak on 4xx, 5xx and timeout', async () => {
    fake.state.mode = 'ok';
    const engines = mediaEngines({ speech: speech() }, silentLog);
    const spoken = await engines.speak('Hello parents.', null);
    expect(spoken.engine).toBe('openai-speech');
    expect(spoken.wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    for (const mode of ['4xx', '5xx', 'slow']) {
      fake.state.mode = mode;
      await expect(speech().synthesize('Hello parents.', null), mode).rejects.toThrow();
      const fallback = await engines.speak('Hello parents.', null);
      expect(fallback.engine, mode).toBe('builtin');
      expect(fallback.durationMs).toBeGreaterThan(300);
    }
  }, 60_000);

  it('renders through the avatar service and adds captions, badge and metadata to its video', async () => {
    fake.state.mode = 'ok';
    const result = await mediaEngines({ video: avatar() }, silentLog).render(input);
    expect(result.engine).toBe('avatar-service');
    expect(fake.state.posted.at(-1)?.source_image).toMatch(/^data:image\/jpeg;base64,/);
    expect(fake.state.posted.at(-1)?.audio).toMatch(/^data:audio\/wav;base64,/);
    const path = join(dir, 'provider-result.mp4');
    await import('node:fs/promises').then((fs) => fs.writeFile(path, result.video));
    const info = await probe(path);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 720,
      height: 720,
      pix_fmt: 'yuv420p',
    });
    expect(info.format.tags?.comment).toMatch(/^AI-generated video: a talking photo/);
    expect(Math.abs(Number(info.format.duration) - 1.5)).toBeLessThan(0.5);
    expect(result.captionsVtt).toContain('A short message for parents.');
  }, 60_000);

  it('falls back to the built-in renderer on 4xx, 5xx, an error status, a timeout and a video that never finishes', async () => {
    for (const mode of ['4xx', '5xx', 'error', 'slow', 'never']) {
      fake.state.mode = mode;
      await expect(avatar().render(input), mode).rejects.toThrow();
      const result = await mediaEngines({ video: avatar() }, silentLog).render(input);
      expect(result.engine, mode).toBe('builtin');
      expect(result.video.subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
  }, 120_000);
});
