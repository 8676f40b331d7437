import { describe, expect, it } from 'vitest';
import { handInSchema } from './hand-in-schema';

const details = { title: 'Rivers', firstName: 'Ada', surnameInitials: 'lo', yearGroup: 'Year 8' };
const messages = (values: unknown) => {
  const result = handInSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('handInSchema', () => {
  it('takes a PDF and upper-cases the surname letters', () => {
    const file = new File(['%PDF-1.4'], 'essay.pdf');
    const result = handInSchema.safeParse({ ...details, file });
    expect(result.success && result.data.surnameInitials).toBe('LO');
  });

  it('uses the spec texts for missing fields', () => {
    expect(messages({ title: '', firstName: '', surnameInitials: 'a', yearGroup: '' })).toEqual([
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
