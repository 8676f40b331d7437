import { describe, expect, it } from 'vitest';
import { redactUrl, scrubLogLine } from './log-redaction';

describe('log redaction', () => {
  it.each([
    ['/api/feedback-view/abcDEF123_-', '/api/feedback-view/[redacted]'],
    ['/feedback-view/abc', '/feedback-view/[redacted]'],
    [
      '/api/feedback-view/abc/download?format=pdf',
      '/api/feedback-view/[redacted]/download?[redacted]',
    ],
    ['/documents/brave-otter-blue-river/abc12345/file', '/documents/[redacted]/file'],
    ['/api/pupil-documents/brave-otter-blue-river/abc12345', '/api/pupil-documents/[redacted]'],
    ['/api/audio/AAAAAAAAAAAAAAAAAAAAAA', '/api/audio/[redacted]'],
    ['/api/auth/verify-email?token=secret', '/api/auth/verify-email?[redacted]'],
    [
      '/student/feedback/KEY?firstName=Maya&surnameInitials=PA',
      '/student/feedback/[redacted]?[redacted]',
    ],
    ['/api/documents/12', '/api/documents/12'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
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
});
