import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, feedback, students } from '../../db/schema';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { goodText, startFakeProvider } from './fake-provider.test-support';

describe('the suggestion endpoint with a provider configured', () => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startFakeProvider();
    t = await startTestApp('pglite', { AI_BASE_URL: provider.url, AI_API_KEY: 'test-key' });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('answers with the provider, and sends it topics and counts but no pupil’s name or words', async () => {
    const { cookie, teacher } = await signedInTeacher(t, 'Katherine');
    const plan = (
      await t.app.inject({
        method: 'POST',
        url: '/api/lesson-plans',
        headers: { cookie },
        payload: { title: 'Y5', dateRange: 'This week' },
      })
    ).json();
    for (const [index, name] of ['Zebediah', 'Philippa'].entries()) {
      const [pupil] = await t.ctx.db
        .insert(students)
        .values({ teacherId: teacher.id, name })
        .returning();
      const [doc] = await t.ctx.db
        .insert(documents)
        .values({
          uniqueId: `prov000${index}`,
          teacherId: teacher.id,
          studentId: pupil!.id,
          title: `${name}'s fractions`,
          author: name,
        })
        .returning();
      await t.ctx.db.insert(feedback).values({
        teacherId: teacher.id,
        documentId: doc!.id,
        type: 'text',
        content: `${name}, the denominator is wrong`,
        highlightId: `hl-p${index}`,
        highlightedText: 'my secret diary entry about fractions',
      });
    }
    await t.app.inject({
      method: 'POST',
      url: `/api/lesson-plans/${plan.id}/lessons`,
      headers: { cookie },
      payload: {
        title: 'Reading with Zebediah’s group',
        description: 'Guided reading',
        timeSlot: '9:00 - 9:45 AM',
        day: 'Monday',
        color: 'green',
      },
    });
    provider.setMode('valid');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/lesson-plans/${plan.id}/ai-suggestion`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().engine).toBe('provider');
    const [suggestion] = response.json().suggestedLessons;
    // The provider wrote the words; the topic, slot and counts are the planner's own.
    expect(suggestion.description).toBe(`From marking – fractions: ${goodText('fractions')}`);
    expect(suggestion.reason).toMatch(/^2 pupils/);
    const sent = JSON.stringify(provider.requests.at(-1)!.body);
    expect(sent).toContain('\\"topic\\":\\"fractions\\"');
    expect(sent).toContain('\\"pupils\\":2');
    // Neither a pupil's name (not even in a lesson's title) nor their words leave the server.
    expect(sent).not.toMatch(/Zebediah|Philippa|diary|denominator is wrong/);
  });
});
