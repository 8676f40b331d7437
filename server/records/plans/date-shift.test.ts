import { describe, expect, it } from 'vitest';
import { shiftDateRange } from './date-shift';

describe('shiftDateRange', () => {
  it.each([
    ['Nov 23 - 27, 2026', 'Nov 30 - Dec 4, 2026'],
    ['Nov 9 - 13, 2026', 'Nov 16 - 20, 2026'],
    ['23 Nov - 27 Nov 2026', '30 Nov - 4 Dec 2026'],
    ['23 - 27 November 2026', '30 November - 4 December 2026'],
    ['23/11/2026 - 27/11/2026', '30/11/2026 - 4/12/2026'],
    ['02/11/2026 - 06/11/2026', '09/11/2026 - 13/11/2026'],
    ['11/23/2026 - 11/27/2026', '11/30/2026 - 12/4/2026'],
    ['2026-11-23 to 2026-11-27', '2026-11-30 to 2026-12-04'],
    ['Week of 23 November 2026', 'Week of 30 November 2026'],
    ['Week of November 23rd', 'Week of November 30th'],
    ['Mon 28th Dec – Fri 1st Jan 2027', 'Mon 4th Jan – Fri 8th Jan 2027'],
    ['Dec 28, 2026 - Jan 1, 2027', 'Jan 4, 2027 - Jan 8, 2027'],
    ['SEPT 7 - 11', 'SEPT 14 - 18'],
    ['1st-5th June 2026', '8th-12th June 2026'],
    ['23.11.26 - 27.11.26', '30.11.26 - 4.12.26'],
    ['Year 6, Spring term: 2 March to 6 March', 'Year 6, Spring term: 9 March to 13 March'],
  ])('moves %s on a week', (input, expected) => {
    expect(shiftDateRange(input, 7, 2026)).toBe(expected);
  });

  it('reads the year for dates written without one, across February', () => {
    expect(shiftDateRange('Feb 22 - 26', 7, 2028)).toBe('Feb 29 - Mar 4');
    expect(shiftDateRange('Feb 22 - 26', 7, 2027)).toBe('Mar 1 - 5');
  });

  it('answers null when there is no date to read', () => {
    for (const text of ['This week', 'Spring term, Year 6', 'Week 3', '', '31/31/2026', 'مرحبا']) {
      expect(shiftDateRange(text, 7, 2026), text).toBeNull();
    }
  });

  it('leaves numbers that are not dates alone', () => {
    expect(shiftDateRange('Year 6: Nov 23 - 27', 7, 2026)).toBe('Year 6: Nov 30 - Dec 4');
  });
});
