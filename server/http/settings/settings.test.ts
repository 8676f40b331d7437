import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ONBOARDING, DEFAULT_PREFERENCES } from '../../../contract/settings';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

describe.each(testBackends())('teacher settings on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as object });

  it('starts at the defaults, keeps each teacher’s changes apart, and merges partial saves', async () => {
    const a = await signedInTeacher(t);
    const b = await signedInTeacher(t);
    expect((await call('GET', '/api/settings', a.cookie)).json()).toEqual({
      preferences: DEFAULT_PREFERENCES,
      onboarding: DEFAULT_ONBOARDING,
    });

    await call('PUT', '/api/settings', a.cookie, { darkMode: true });
    const saved = await call('PUT', '/api/settings', a.cookie, { retentionYears: 2 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().preferences).toMatchObject({ darkMode: true, retentionYears: 2 });

    await call('PUT', '/api/settings/onboarding', a.cookie, {
      visitedFeatures: ['parent-reports'],
    });
    const again = (await call('GET', '/api/settings', a.cookie)).json();
    expect(again.onboarding.visitedFeatures).toEqual(['parent-reports']);
    expect(again.preferences.darkMode).toBe(true);

    expect((await call('GET', '/api/settings', b.cookie)).json().preferences.darkMode).toBe(false);
  });

  it('refuses unknown fields and wrong types, and changes nothing', async () => {
    const a = await signedInTeacher(t);
    for (const body of [{ darkMode: 'yes' }, { retentionYears: 5 }, { admin: true }, []]) {
      expect((await call('PUT', '/api/settings', a.cookie, body)).statusCode).toBe(400);
    }
    expect(
      (await call('PUT', '/api/settings/onboarding', a.cookie, { dismissedTips: ['<b>'] }))
        .statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/settings', a.cookie)).json().preferences).toEqual(
      DEFAULT_PREFERENCES,
    );
    expect((await call('GET', '/api/settings')).statusCode).toBe(401);
  });
});
