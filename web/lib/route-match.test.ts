import { describe, expect, it } from 'vitest';
import { routeMatches } from './route-match';

describe('routeMatches', () => {
  it('matches fixed routes exactly, with or without a trailing slash or a query', () => {
    expect(routeMatches('/teacher', '/teacher')).toBe(true);
    expect(routeMatches('/teacher', '/teacher/')).toBe(true);
    expect(routeMatches('/teacher/documents', '/teacher/documents?page=2')).toBe(true);
    expect(routeMatches('/teacher', '/teacher/documents')).toBe(false);
    expect(routeMatches('/teacher/documents', '/teacher/document')).toBe(false);
    expect(routeMatches('/teacher/documents', '/Teacher/Documents')).toBe(true);
  });

  it('takes one non-empty segment for each parameter', () => {
    expect(routeMatches('/teacher/document/:id', '/teacher/document/42')).toBe(true);
    expect(routeMatches('/teacher/document/:id', '/teacher/document/42#note')).toBe(true);
    expect(routeMatches('/teacher/document/:id', '/teacher/document/')).toBe(false);
    expect(routeMatches('/teacher/document/:id', '/teacher/document/42/more')).toBe(false);
    expect(routeMatches('/teacher/students/:id', '/teacher/students')).toBe(false);
  });
});
