import { describe, expect, it } from 'vitest';
import { loggedUrl, scrubLogLine } from './log-redaction';

describe('logged addresses', () => {
  const routed = (url: string, pattern: string, params: object, loggable: string[] = []) =>
    loggedUrl({
      url,
      params,
      routeOptions: { url: pattern, config: { loggableParams: loggable } },
    });

  it('writes a route by its pattern, with only the record ids it declares', () => {
    expect(routed('/api/documents/12', '/api/documents/:id', { id: '12' }, ['id'])).toBe(
      '/api/documents/12',
    );
    expect(routed('/api/shared/k3y/video', '/api/shared/:key/video', { key: 'k3y' })).toBe(
      '/api/shared/[redacted]/video',
    );
    expect(
      routed(
        '/api/pupil-documents/brave-otter/abc123/audio/7',
        '/api/pupil-documents/:phrase/:uniqueId/audio/:feedbackId',
        { phrase: 'brave-otter', uniqueId: 'abc123', feedbackId: '7' },
        ['feedbackId'],
      ),
    ).toBe('/api/pupil-documents/[redacted]/[redacted]/audio/7');
    // A declared record id that is not one (a failed request) is not written either.
    expect(routed('/api/documents/k3y', '/api/documents/:id', { id: 'k3y' }, ['id'])).toBe(
      '/api/documents/[redacted]',
    );
    expect(routed('/api/auth/verify-email?token=t', '/api/auth/verify-email', {})).toBe(
      '/api/auth/verify-email?[redacted]',
    );
  });

  it('keeps only the first segment of an address no route matched', () => {
    for (const [url, expected] of [
      ['/shared/k3y', '/shared/[redacted]'],
      ['/documents/brave-otter/abc12345', '/documents/[redacted]'],
      ['/student/feedback/K?firstName=Maya', '/student/[redacted]?[redacted]'],
      ['/teacher', '/teacher'],
      ['/', '/'],
    ]) {
      expect(loggedUrl({ url })).toBe(expected);
    }
  });
});

describe('log line scrubbing', () => {
  it('replaces secret fields at any depth and cuts query parameters out of text', () => {
    const line = JSON.stringify({
      level: 50,
      msg: 'Failed query: insert into "teachers" ("email") values ($1)\nparams: a@b.c,scrypt$1',
      err: {
        message: 'Failed query: insert\nparams: a@b.c,scrypt$1',
        stack: 'Error: Failed query: insert\nparams: a@b.c,scrypt$1\n    at insert (db.ts:1:1)',
        params: ['a@b.c'],
        cause: { detail: 'Key (email)=(a@b.c) already exists.', code: '23505' },
      },
      body: { passwordHash: 'scrypt$1', accessKey: 'k', resetToken: 't', title: 'Essay' },
      reqId: 'req-1',
    });
    const scrubbed = JSON.parse(scrubLogLine(line));
    expect(JSON.stringify(scrubbed)).not.toContain('a@b.c');
    expect(JSON.stringify(scrubbed)).not.toContain('scrypt$1');
    expect(scrubbed.err.stack).toBe(
      'Error: Failed query: insert\nparams: [redacted]\n    at insert (db.ts:1:1)',
    );
    expect(scrubbed.err.cause).toEqual({ detail: '[redacted]', code: '23505' });
    expect(scrubbed.body).toEqual({
      passwordHash: '[redacted]',
      accessKey: '[redacted]',
      resetToken: '[redacted]',
      title: 'Essay',
    });
    expect(scrubbed.reqId).toBe('req-1');
  });

  it('scrubs a secret field spelt with JSON escapes, and leaves a line without any unchanged', () => {
    const escaped = '{"level":30,"\\u0070assword":"hunter2","msg":"x"}\n';
    expect(JSON.parse(scrubLogLine(escaped))).toEqual({
      level: 30,
      password: '[redacted]',
      msg: 'x',
    });
    const request =
      '{"level":30,"time":1,"req":{"method":"GET","url":"/api/auth/user"},"res":{"statusCode":200},"msg":"request completed"}\n';
    expect(scrubLogLine(request)).toBe(request);
  });
});
