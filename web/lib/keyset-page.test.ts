import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api';
import { fetchKeysetPage, keysetPagePath } from './keyset-page';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(body), { status, headers });
    }),
  );
  return urls;
}

describe('a keyset-paged list', () => {
  it('names its filters and cursor in the address, leaving out empty ones', () => {
    expect(keysetPagePath('/api/documents', { tab: null, q: '', cursor: null })).toBe(
      '/api/documents',
    );
    expect(keysetPagePath('/api/admin/users', { q: 'Ms Ó’Brien & co', cursor: 'c1' })).toBe(
      '/api/admin/users?q=Ms+%C3%93%E2%80%99Brien+%26+co&cursor=c1',
    );
  });

  it('reads the rows from the body and the total and next cursor from the headers', async () => {
    const urls = stubFetch(200, [{ id: 1 }, { id: 2 }], {
      'x-total-count': '5000',
      'x-next-cursor': 'next-page',
    });
    await expect(fetchKeysetPage('/api/admin/users?q=a')).resolves.toEqual({
      rows: [{ id: 1 }, { id: 2 }],
      total: 5000,
      nextCursor: 'next-page',
    });
    expect(urls).toEqual(['/api/admin/users?q=a']);
  });

  it('on the last page has no next cursor, and counts the rows when no total is sent', async () => {
    stubFetch(200, [{ id: 3 }]);
    await expect(fetchKeysetPage('/api/documents')).resolves.toEqual({
      rows: [{ id: 3 }],
      total: 1,
      nextCursor: null,
    });
  });

  it('fails with the server’s message', async () => {
    stubFetch(400, { message: 'Invalid cursor', code: 'validation_error' });
    const failure = fetchKeysetPage('/api/documents?cursor=x');
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toThrow('Invalid cursor');
  });
});
