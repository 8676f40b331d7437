import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentDetailSchema } from '../../../contract/documents';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

/* The spec's Document entity: one document comes with its feedback, not only a count. */
describe.each(testBackends())('one document with its feedback on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('lists each item with its anchor, by id and by unique id, to the owner only', async () => {
    const { cookie } = await signedInTeacher(t);
    const { keyId } = await classroomKeyOf(t, cookie);
    const { id, uniqueId } = (await handIn(t, keyId)).json();
    await t.ctx.jobs.drain();
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${id}/feedback`,
      headers: { cookie },
      payload: {
        type: 'text',
        content: 'Vivid opening.',
        startOffset: 4,
        endOffset: 14,
        highlightedText: 'Lighthouse',
      },
    });
    expect(created.statusCode).toBe(200);

    for (const url of [`/api/documents/${id}`, `/api/documents/id/${uniqueId}`]) {
      const response = await t.app.inject({ url, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      const document = documentDetailSchema.parse(response.json());
      expect(document.feedbackCount).toBe(1);
      expect(document.feedback).toEqual([
        expect.objectContaining({
          id: created.json().id,
          type: 'text',
          content: 'Vivid opening.',
          highlightId: created.json().highlightId,
          audioUrl: null,
          audioDuration: null,
          timestamp: created.json().timestamp,
          pageNumber: 1,
        }),
      ]);
      expect(document.feedback[0]!.highlightedText).toBe('Lighthouse');
    }

    const stranger = await signedInTeacher(t, 'Alan');
    const hidden = await t.app.inject({
      url: `/api/documents/${id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(hidden.statusCode).toBe(404);
  });
});
