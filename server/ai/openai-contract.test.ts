import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import fastifyMultipart from '@fastify/multipart';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInTeacher } from '../test/fixtures';
import { startTestApp, type TestApp } from '../test/harness';

/**
 * A local server that speaks the OpenAI protocol for the two endpoints we use, with
 * the checks a real provider makes (key, model, multipart file, message list).
 */
async function startFakeProvider() {
  const calls: {
    path: string;
    model?: string;
    fileType?: string;
    fileBytes?: number;
    messages?: unknown;
  }[] = [];
  let failing = false;
  let chatReply = 'The conclusion is really convincing.';
  const app: FastifyInstance = Fastify();
  await app.register(fastifyMultipart);
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== 'Bearer test-key') {
      return reply
        .status(401)
        .send({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    }
    if (failing)
      return reply.status(503).send({ error: { message: 'overloaded', type: 'server_error' } });
  });
  app.post('/v1/audio/transcriptions', async (request, reply) => {
    let model: string | undefined;
    let fileType: string | undefined;
    let fileBytes = 0;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        fileType = part.mimetype;
        fileBytes = (await part.toBuffer()).length;
      } else if (part.fieldname === 'model') {
        model = String(part.value);
      }
    }
    if (!model || !fileBytes)
      return reply.status(400).send({ error: { message: 'model and file are required' } });
    calls.push({ path: 'transcriptions', model, fileType, fileBytes });
    return { text: 'um so the conclusion is is really convincing' };
  });
  app.post('/v1/chat/completions', async (request, reply) => {
    const body = request.body as { model?: string; messages?: { role: string; content: string }[] };
    if (!body.model || !Array.isArray(body.messages))
      return reply.status(400).send({ error: { message: 'bad request' } });
    calls.push({ path: 'chat', model: body.model, messages: body.messages });
    return {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 0,
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: chatReply },
          finish_reason: 'stop',
        },
      ],
    };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    setFailing: (value: boolean) => {
      failing = value;
    },
    setChatReply: (value: string) => {
      chatReply = value;
    },
    close: () => app.close(),
  };
}

function clip(): string {
  const result = spawnSync(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=2',
    '-c:a',
    'libopus',
    '-f',
    'webm',
    'pipe:1',
  ]);
  return result.stdout.toString('base64');
}

describe('OpenAI-compatible provider', () => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    provider = await startFakeProvider();
    t = await startTestApp('pglite', {
      AI_BASE_URL: provider.url,
      AI_API_KEY: 'test-key',
      AI_TRANSCRIPTION_MODEL: 'whisper-1',
      AI_CHAT_MODEL: 'gpt-4o-mini',
    });
    cookie = (await signedInTeacher(t)).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const process = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/audio/process', headers: { cookie }, payload: body });

  it('transcribes the recording and enhances the transcript through the provider', async () => {
    const response = await process({ audioData: clip(), transcript: 'what the browser heard' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      transcript: 'um so the conclusion is is really convincing',
      enhancedTranscript: 'The conclusion is really convincing.',
    });
    const transcription = provider.calls.find((c) => c.path === 'transcriptions');
    expect(transcription).toMatchObject({ model: 'whisper-1', fileType: 'audio/webm' });
    expect(transcription!.fileBytes).toBeGreaterThan(100);
    const chat = provider.calls.find((c) => c.path === 'chat');
    expect(chat?.model).toBe('gpt-4o-mini');
    expect(JSON.stringify(chat?.messages)).toContain('um so the conclusion');
  });

  it('keeps the recording and falls back to the built-in engines when the provider fails', async () => {
    provider.setFailing(true);
    const response = await process({ audioData: clip(), transcript: 'uh the the ending works' });
    provider.setFailing(false);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      transcript: 'uh the the ending works',
      enhancedTranscript: 'The ending works.',
    });
    expect(response.json().audioUrl).toMatch(/^\/api\/audio\//);
  });

  describe('a rewrite is checked against what was said', () => {
    const said = 'um so Maya has has read every night this term uh with her dad';
    const builtIn = 'Maya has read every night this term with her dad.';
    const enhance = async (reply: string) => {
      provider.setChatReply(reply);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/transcripts/enhance',
        headers: { cookie },
        payload: { text: said },
      });
      provider.setChatReply('The conclusion is really convincing.');
      expect(response.statusCode).toBe(200);
      return response.json().enhancedTranscript as string;
    };

    it('uses a clean rewrite', async () => {
      const before = provider.calls.filter((c) => c.path === 'chat').length;
      const rewrite = 'This term, Maya has read with her dad every night.';
      expect(await enhance(rewrite)).toBe(rewrite);
      expect(provider.calls.filter((c) => c.path === 'chat').length).toBe(before + 1);
    });

    it.each([
      ['a name', 'This term, Maya and Oliver have read with her dad every night.'],
      ['a number', 'Maya has read for 20 minutes every night this term with her dad.'],
      ['praise', 'Maya is an outstanding reader who reads every night with her dad.'],
    ])('falls back to the built-in engine when the rewrite adds %s', async (_what, rewrite) => {
      expect(await enhance(rewrite)).toBe(builtIn);
    });
  });
});
