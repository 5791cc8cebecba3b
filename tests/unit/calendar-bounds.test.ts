import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, LAST_INSTANT, nextDay, startOfDayIn } from '@/lib/time/calendar';
import { dayIn } from '@/lib/time/format';

describe('the calendar at its last day', () => {
  it('the day after 9999-12-31 is 10000-01-01, whose start is a bound the database can be sent', () => {
    expect(nextDay('9999-12-31')).toBe('10000-01-01');
    expect(addDays('10000-01-01', -1)).toBe('9999-12-31');
    // East of UTC the start of that day is still in 9999; west of it, it is held at the last instant.
    expect(startOfDayIn(nextDay('9999-12-31'), 'Asia/Shanghai').toISOString()).toBe('9999-12-31T16:00:00.000Z');
    expect(startOfDayIn(nextDay('9999-12-31'), 'America/Los_Angeles').toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(new Date(LAST_INSTANT).toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('addDays writes YYYY-MM-DD as toISOString does, and a year past 9999 as its digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(9999, 11, 31) }), fc.integer({ min: -400, max: 400 }), (ms, days) => {
        const day = new Date(ms).toISOString().slice(0, 10);
        const later = new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10) + days));
        // Past 9999 toISOString writes `+010000-…`: the year is written as its digits instead.
        const want = later.getUTCFullYear() > 9999 ? `${later.getUTCFullYear()}${later.toISOString().slice(7, 13)}` : later.toISOString().slice(0, 10);
        expect(addDays(day, days)).toBe(want);
      }),
      { numRuns: 2000 },
    );
  });

  it("dayIn is the zone's calendar day (Asia/Shanghai unless told)", () => {
    expect(dayIn(new Date('2026-03-08T20:30:00Z'))).toBe('2026-03-09');
    expect(dayIn(new Date('2026-03-08T15:59:59Z'))).toBe('2026-03-08');
    expect(dayIn(new Date('2026-03-09T03:00:00Z'), 'America/New_York')).toBe('2026-03-08');
  });
});
