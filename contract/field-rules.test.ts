import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginRequestSchema } from './auth';
import { verifyKeyRequestSchema } from './classroom';
import {
  checkAssignmentTitle,
  checkClassroomKeyId,
  checkEmail,
  checkFirstName,
  checkKeyPhrase,
  checkLoginPassword,
  checkPupilCode,
  checkSurnameInitials,
  checkYearGroup,
  type FieldCheck,
} from './field-rules';
import { myAssignmentsRequestSchema, submitAssignmentSchema } from './pupil-portal';

/** What the server's zod schema makes of one field: its value, or its first message. */
function zodField(schema: z.ZodType, value: unknown): FieldCheck<unknown> {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { error: result.error.issues[0]!.message };
}

const long = (n: number, letter = 'a') => letter.repeat(n);

// Each plain check against the field of the schema the server applies, over the same inputs:
// a change to either side that the other does not follow fails here.
const fields: [string, (raw: unknown) => FieldCheck<unknown>, z.ZodType, unknown[]][] = [
  [
    'classroom key',
    checkKeyPhrase,
    verifyKeyRequestSchema.shape.keyPhrase,
    [
      '',
      '   ',
      '--',
      'Brave Otter-blue  river',
      ' brave-otter ',
      long(200),
      long(201),
      7,
      undefined,
    ],
  ],
  [
    'first name',
    checkFirstName,
    submitAssignmentSchema.shape.firstName,
    ['', '  ', 'Emile', ' Émile ', 'E\u0301mile', long(60), long(61), ` ${long(60)} `, null],
  ],
  [
    'surname initials',
    checkSurnameInitials,
    submitAssignmentSchema.shape.surnameInitials,
    ['', 'a', 'sm', ' SM ', 'Sm', 'S1', 'smi', 'éo', '12', undefined],
  ],
  [
    'assignment title',
    checkAssignmentTitle,
    submitAssignmentSchema.shape.title,
    ['', '   ', 'My essay', '  spaced  ', long(200), long(201), undefined],
  ],
  [
    'year group',
    checkYearGroup,
    submitAssignmentSchema.shape.yearGroup,
    ['', 'Year 7', 'Reception', 'Year 13 (Upper Sixth)', 'year 7', 'Year 14', undefined],
  ],
  [
    'classroom key id',
    checkClassroomKeyId,
    myAssignmentsRequestSchema.shape.classroomKeyId,
    ['', 'short', 'abcdEFGH1234_-xy', long(64), long(65), 'abcdefgh12345678!', undefined],
  ],
  [
    'pupil code',
    checkPupilCode,
    myAssignmentsRequestSchema.shape.pupilCode,
    [undefined, '', 'ab3-k9 q', 'ABCDEF', long(20), long(21)],
  ],
  [
    'email',
    checkEmail,
    loginRequestSchema.shape.email,
    ['', 'ann', 'Ann@School.UK ', 'a @b', `${long(250)}@b.uk`, 'a@b', undefined],
  ],
  [
    'password at sign-in',
    checkLoginPassword,
    loginRequestSchema.shape.password,
    ['', ' ', 'secret', long(200), long(201), undefined],
  ],
];

describe('the plain field rules the pupil and sign-in pages use', () => {
  for (const [name, check, schema, inputs] of fields) {
    it(`agree with the server's schema on the ${name}`, () => {
      for (const input of inputs) {
        expect(check(input), JSON.stringify(input)).toEqual(zodField(schema, input));
      }
    });
  }
});
