import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

/*
 * A local server speaking the chat-completions protocol, switchable between good words for
 * each suggestion it is asked about and the ways a provider goes wrong.
 */

export type Mode = 'valid' | 'invalid-json' | 'schema-invalid' | 'unchecked' | 'slow' | 'error';

type Brief = { suggestions: { key: string; topic: string; kind: string }[] };

export const goodText = (topic: string) =>
  `Go over the common mistakes in ${topic} with the whole class, then pupils fix their own work.`;

/** Words that break one rule each: a count the evidence lacks, a pupil's name, another topic. */
const BAD_TEXTS = [
  (topic: string) => `Seven pupils need help with ${topic}: go over it again.`,
  (topic: string) => `Ask Zebediah to explain ${topic} to the class.`,
  (topic: string) => `Review ${topic}, then practise long division.`,
];

function textsFor(brief: Brief, mode: Mode) {
  return brief.suggestions.map(({ key, topic }, index) => ({
    key,
    text: mode === 'unchecked' ? (BAD_TEXTS[index] ?? goodText)(topic) : goodText(topic),
  }));
}

export async function startFakeProvider() {
  const requests: { body: Record<string, unknown> }[] = [];
  let mode: Mode = 'valid';
  // Close the client's kept-alive connections too, or closing waits for them.
  const app = Fastify({ forceCloseConnections: true });
  app.post('/v1/chat/completions', async (request, reply) => {
    const body = request.body as { model?: string; messages?: { content: string }[] };
    if (request.headers.authorization !== 'Bearer test-key')
      return reply.status(401).send({ error: { message: 'Incorrect API key provided' } });
    if (!body.model || !Array.isArray(body.messages))
      return reply.status(400).send({ error: { message: 'model and messages are required' } });
    requests.push({ body: body as Record<string, unknown> });
    if (mode === 'error') return reply.status(503).send({ error: { message: 'overloaded' } });
    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 1_500));
    const brief = JSON.parse(body.messages[1]?.content ?? '{}') as Brief;
    const content =
      mode === 'invalid-json'
        ? '{"texts": ['
        : mode === 'schema-invalid'
          ? JSON.stringify({ texts: [{ key: 1, words: 'x' }] })
          : JSON.stringify({ texts: textsFor(brief, mode) });
    return {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 0,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode: (value: Mode) => {
      mode = value;
    },
    close: () => app.close(),
  };
}
