import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

/*
 * A local server speaking the chat-completions protocol, switchable between a good
 * answer and the ways a provider goes wrong.
 */

export type Mode =
  | 'valid'
  | 'invalid-json'
  | 'schema-invalid'
  | 'clash'
  | 'unchecked'
  | 'slow'
  | 'error';

export const PROVIDER_ANSWER = {
  message: 'Three pupils struggled with fractions; a review on Friday afternoon will help.',
  action: 'Add 2 review lessons',
  suggestedLessons: [
    {
      title: 'Fractions review',
      description: 'Common denominators, with fraction walls.',
      timeSlot: '1:30 - 2:15 PM',
      day: 'Friday',
      color: 'blue',
      reason: '3 pupils had a fractions weakness this week',
      evidence: ['m1'],
    },
    {
      title: 'Number bonds',
      description: 'Quick-fire practice.',
      timeSlot: '9:00 - 9:45 AM',
      day: 'Friday',
      color: 'green',
      reason: 'Warm-up before the review',
      evidence: [],
    },
  ],
};

/** Reasons whose numbers the evidence does not bear out, and a citation of nothing. */
const UNCHECKED_ANSWER = {
  message: 'Some ideas.',
  action: 'Add 3 lessons',
  suggestedLessons: [
    { ...PROVIDER_ANSWER.suggestedLessons[0]!, reason: '7 pupils struggled with fractions' },
    {
      ...PROVIDER_ANSWER.suggestedLessons[1]!,
      title: 'PE review',
      reason: 'PE is taught 2 times this week',
    },
    {
      ...PROVIDER_ANSWER.suggestedLessons[1]!,
      title: 'Decimals review',
      timeSlot: '2:00 - 2:45 PM',
      reason: 'Decimals came up in marking',
      evidence: ['m9'],
    },
  ],
};

export async function startFakeProvider() {
  const requests: { body: Record<string, unknown> }[] = [];
  let mode: Mode = 'valid';
  // Close the client's kept-alive connections too, or closing waits for them.
  const app = Fastify({ forceCloseConnections: true });
  app.post('/v1/chat/completions', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    if (request.headers.authorization !== 'Bearer test-key')
      return reply.status(401).send({ error: { message: 'Incorrect API key provided' } });
    if (!body.model || !Array.isArray(body.messages))
      return reply.status(400).send({ error: { message: 'model and messages are required' } });
    requests.push({ body });
    if (mode === 'error') return reply.status(503).send({ error: { message: 'overloaded' } });
    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 1_500));
    const content =
      mode === 'invalid-json'
        ? '{"message": "Here are some lessons", "suggestedLessons": ['
        : mode === 'schema-invalid'
          ? JSON.stringify({
              ...PROVIDER_ANSWER,
              suggestedLessons: [{ title: 'x', day: 'Saturday' }],
            })
          : mode === 'unchecked'
            ? JSON.stringify(UNCHECKED_ANSWER)
            : mode === 'clash'
              ? JSON.stringify({
                  ...PROVIDER_ANSWER,
                  suggestedLessons: [
                    ...PROVIDER_ANSWER.suggestedLessons,
                    {
                      ...PROVIDER_ANSWER.suggestedLessons[0]!,
                      title: 'Clashing',
                      timeSlot: '10:00 - 10:30 AM',
                      day: 'Monday',
                    },
                  ],
                })
              : JSON.stringify(PROVIDER_ANSWER);
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
