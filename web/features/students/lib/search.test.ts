import type { Student } from '@contract/students';
import { describe, expect, it } from 'vitest';
import { matchesStudentSearch } from './search';

const pupil = (overrides: Partial<Student>): Student => ({
  id: 1,
  name: 'Maya',
  surname: null,
  surnameInitials: 'PA',
  displayName: 'Maya PA',
  yearGroup: 'Year 12 (Lower Sixth)',
  grade: null,
  email: 'maya@pupils.example',
  notes: 'Likes volcanoes',
  parentName: null,
  parentEmail: null,
  imageUrl: null,
  pupilCode: 'ABC234',
  createdAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

describe('matchesStudentSearch', () => {
  it('matches name and year group whatever the case, and nothing else', () => {
    expect(matchesStudentSearch(pupil({}), 'MAYA')).toBe(true);
    expect(matchesStudentSearch(pupil({}), 'maya pa')).toBe(true);
    expect(matchesStudentSearch(pupil({}), 'lower sixth')).toBe(true);
    expect(matchesStudentSearch(pupil({}), '  year 12 ')).toBe(true);
    expect(matchesStudentSearch(pupil({}), '')).toBe(true);
    expect(matchesStudentSearch(pupil({}), 'volcano')).toBe(false);
    expect(matchesStudentSearch(pupil({}), 'pupils.example')).toBe(false);
    expect(matchesStudentSearch(pupil({ yearGroup: null }), 'year')).toBe(false);
  });
});
