import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

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
