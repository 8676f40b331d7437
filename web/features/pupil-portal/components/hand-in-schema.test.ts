import { describe, expect, it } from 'vitest';
import { checkHandIn, type HandInValues } from './hand-in-schema';

const details = {
  title: 'Rivers',
  firstName: 'Ada',
  surnameInitials: 'lo',
  yearGroup: 'Year 8',
} as const;
const messages = (values: HandInValues) => {
  const result = checkHandIn(values);
  return 'errors' in result ? Object.values(result.errors) : [];
};

describe('checkHandIn', () => {
  it('takes a PDF and upper-cases the surname letters', () => {
    const file = new File(['%PDF-1.4'], 'essay.pdf');
    const result = checkHandIn({ ...details, file });
    expect('values' in result && result.values.surnameInitials).toBe('LO');
  });

  it('uses the spec texts for missing fields', () => {
    expect(
      messages({ title: '', firstName: '', surnameInitials: 'a', yearGroup: '', file: undefined }),
    ).toEqual([
      'Assignment title is required',
      'First name is required',
      'Enter the first 2 letters of your surname',
      'Year group is required',
      'Please upload your file',
    ]);
  });

  it('refuses files the server would refuse, before sending them', () => {
    const big = new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'big.pdf');
    expect(messages({ ...details, file: big })).toEqual([
      'The file is too large. The maximum size is 20 MB.',
    ]);
    expect(messages({ ...details, file: new File(['x'], 'notes.txt') })[0]).toMatch(
      /file type is not supported/,
    );
    expect(messages({ ...details, file: new File([], 'empty.pdf') })).toContain(
      'The file is empty.',
    );
  });
});
