import { describe, expect, it } from 'vitest';
import { readRowPhone } from '@/lib/contacts/import/row-phone';

describe('an import row\'s phone', () => {
  it('is read in the row\'s region', () => {
    expect(readRowPhone('9123 4567', true, 'HK', 'en-US')).toEqual({ ok: true, phone: '+85291234567', leftOut: null });
    expect(readRowPhone('(415) 555-0101', false, 'US', 'en-US')).toEqual({ ok: true, phone: '+14155550101', leftOut: null });
    expect(readRowPhone(null, true, 'US', 'en-US')).toEqual({ ok: true, phone: null, leftOut: null });
  });

  it('is left out, not the row, when it is not a valid number and the row has an e-mail', () => {
    expect(readRowPhone('555-0101', true, 'US', 'en-US')).toEqual({ ok: true, phone: null, leftOut: { key: 'phone.errors.invalidIn', values: { country: 'United States' } } });
  });

  it('refuses the row when it is not a valid number and the row has no e-mail', () => {
    expect(readRowPhone('13512345678', false, 'HK', 'zh-HK')).toEqual({ ok: false, problem: { key: 'phone.errors.ambiguous', values: { readings: '+1 351 234 5678 / +86 135 1234 5678' } } });
  });
});
