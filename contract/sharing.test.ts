import { describe, expect, it } from 'vitest';
import { shareReportSchema } from './parent-reports';
import { shareFeedbackFormSchema, shareFeedbackSchema } from './sharing';

const EXPIRY = 'Expiry must be between 1 and 90 days';

describe('how long a link stays open', () => {
  it('takes whole days as JSON numbers only, in the API', () => {
    for (const schema of [shareFeedbackSchema, shareReportSchema]) {
      expect(schema.parse({ expiryDays: 30 }).expiryDays).toBe(30);
      for (const expiryDays of [true, [7], '0x7', '7e0', '7', 7.5, 0, 91, null]) {
        const result = schema.safeParse({ expiryDays });
        expect(result.success, JSON.stringify(expiryDays)).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(EXPIRY);
      }
    }
  });

  it('reads the dialog’s select as digits only', () => {
    expect(shareFeedbackFormSchema.parse({ expiryDays: '14' }).expiryDays).toBe(14);
    expect(shareFeedbackFormSchema.parse({}).expiryDays).toBe(7);
    for (const expiryDays of ['0x7', '7e0', ' 7', '', '91']) {
      expect(shareFeedbackFormSchema.safeParse({ expiryDays }).success, expiryDays).toBe(false);
    }
  });
});
