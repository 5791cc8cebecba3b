import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, instantOfWallTime, isCalendarDay, parseInstant, parseWallTime, type WallTime } from '@/lib/time/calendar';
import { offsetAt } from '@/lib/schedule/clock';

const ZONES = ['Asia/Shanghai', 'Asia/Hong_Kong', 'America/New_York', 'America/Los_Angeles', 'Europe/London', 'Australia/Lord_Howe', 'America/Santiago', 'Pacific/Kiritimati', 'Asia/Kathmandu', 'UTC'];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dayText = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** What a wall clock in `zone` shows at `at`, as a number to compare. */
function shown(at: Date, zone: string): number {
  return at.getTime() + offsetAt(zone, at.getTime());
}

describe('calendar days and wall times', () => {
  it('a day is real exactly when Date.UTC gives it back unchanged (years 1900-9999)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1890, max: 10_010 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const text = dayText(y, m, d);
        const back = y <= 9999 ? new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) : '';
        expect(isCalendarDay(text)).toBe(y >= 1900 && y <= 9999 && back === text);
      }),
      { numRuns: 3000 },
    );
    for (const text of ['2026-2-01', '2026-02-1', ' 2026-02-01', '2026-02-01 ', '２０２６-02-01', '2026/02/01', '']) expect(isCalendarDay(text), text).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2100-02-29')).toBe(false);
  });

  it('wall times stop at 23:59:59 and need a real day', () => {
    expect(parseWallTime('2027-01-01 24:00')).toBeNull();
    expect(parseWallTime('2027-01-01 23:60')).toBeNull();
    expect(parseWallTime('2027-01-01 23:59:60')).toBeNull();
    expect(parseWallTime('2027-02-29 10:00')).toBeNull();
    expect(parseWallTime('2027-01-01T23:59:59')).toEqual({ year: 2027, month: 1, day: 1, hour: 23, minute: 59, second: 59 });
  });

  it('instants need their offset and real parts', () => {
    expect(parseInstant('2027-01-01T10:00:00+08:00')?.toISOString()).toBe('2027-01-01T02:00:00.000Z');
    expect(parseInstant('2027-01-01T10:00:00.123Z')?.toISOString()).toBe('2027-01-01T10:00:00.123Z');
    for (const text of ['2027-01-01T10:00:00', '2027-01-01 10:00Z', '2027-02-30T10:00:00Z', '2027-01-01T24:00:00Z', '+275760-09-13T00:00:00Z', '2027-01-01T10:00:00+19:00', 'Fri, 01 Jan 2027 10:00:00 GMT']) {
      expect(parseInstant(text), text).toBeNull();
    }
  });

  it('a wall time is the instant its zone shows it, or just after a jump over it', () => {
    const wall = fc.record({
      year: fc.integer({ min: 2020, max: 2030 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.constantFrom(0, 15, 30, 45, 59),
      second: fc.constant(0),
    });
    fc.assert(
      fc.property(wall, fc.constantFrom(...ZONES), (w: WallTime, zone) => {
        const at = instantOfWallTime(w, zone);
        const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
        const gap = shown(at, zone) - asUtc;
        if (gap === 0) {
          // Shown as asked; when the clocks passed it twice, this is the first time.
          expect(shown(new Date(at.getTime() - 30 * 60_000), zone) - asUtc).not.toBe(0);
          expect(shown(new Date(at.getTime() - 60 * 60_000), zone) - asUtc).not.toBe(0);
        } else {
          // Skipped by the clocks: shown later by the jump's size, and no instant shows it.
          const jump = offsetAt(zone, asUtc + 86_400_000) - offsetAt(zone, asUtc - 86_400_000);
          expect(gap).toBe(jump);
          expect(jump).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('spring forward and fall back, by example', () => {
    expect(instantOfWallTime({ year: 2027, month: 3, day: 14, hour: 2, minute: 30, second: 0 }, 'America/New_York').toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(instantOfWallTime({ year: 2027, month: 11, day: 7, hour: 1, minute: 30, second: 0 }, 'America/New_York').toISOString()).toBe('2027-11-07T05:30:00.000Z');
    expect(instantOfWallTime({ year: 2027, month: 10, day: 3, hour: 2, minute: 15, second: 0 }, 'Australia/Lord_Howe').toISOString()).toBe('2027-10-02T15:45:00.000Z'); // 02:45, after a 30-minute jump
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-01-01', -90)).toBe('2026-10-03');
  });
});
