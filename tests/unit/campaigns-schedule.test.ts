import { describe, expect, it } from 'vitest';
import { isQuietTime, isWithinWindow, localMinuteOfDay, nextAllowedTime, nextBlockedTime, isValidTimeZone } from '@/lib/schedule/clock';
import { normaliseQuietRanges, validateDeliveryWindow, cutOver24, windowToInput } from '@/lib/schedule/rules';
import { crossesMidnight, formatRangeList, parseRange, parseRangeList, spanMinutes, type TimeRange } from '@/lib/schedule/time-range';

const r = (text: string) => parseRange(text) as TimeRange;
const at = (iso: string) => new Date(iso);

describe('time ranges', () => {
  it('parses and formats', () => {
    expect(parseRange('09:00-21:00')).toEqual({ start: 540, end: 1260 });
    expect(parseRange('9:00-21:00')).toBeNull();
    expect(parseRange('24:00-01:00')).toBeNull();
    expect(parseRangeList('22:00-08:00, 12:00-13:30')).toEqual([{ start: 1320, end: 480 }, { start: 720, end: 810 }]);
    expect(parseRangeList('22:00-08:00,bad')).toBeNull();
    expect(parseRangeList('')).toEqual([]);
    expect(formatRangeList([{ start: 1320, end: 480 }])).toBe('22:00-08:00');
  });
  it('an end before the start crosses midnight; equal ends span a day', () => {
    expect(crossesMidnight(r('22:00-08:00'))).toBe(true);
    expect(spanMinutes(r('22:00-08:00'))).toBe(600);
    expect(spanMinutes(r('09:00-09:00'))).toBe(1440);
    expect(crossesMidnight(r('08:00-22:00'))).toBe(false);
  });
});

describe('spec section 5 rules', () => {
  it('keeps only ranges with both ends, cuts spans over 24 hours to start + 24 h', () => {
    const out = normaliseQuietRanges([
      { start: '22:00', end: '07:00' },
      { start: '12:00', end: '' },
      { start: '10:00', end: '11:00', endNextDay: true },
      { start: '13:00', end: '14:00' },
    ]);
    expect(out.avoidHours).toBe('22:00-07:00,10:00-10:00,13:00-14:00');
    expect(out.cut).toEqual([2]);
    expect(cutOver24({ start: '10:00', end: '11:00', endNextDay: true })).toEqual({ end: '10:00', endNextDay: true });
    expect(cutOver24({ start: '22:00', end: '07:00' })).toBeNull();
    expect(cutOver24({ start: '10:00', end: '10:00', endNextDay: true })).toBeNull();
  });
  it('refuses a cross-day delivery window over 24 hours', () => {
    expect(validateDeliveryWindow({ start: '21:00', end: '03:00' })).toMatchObject({ ok: true, text: '21:00-03:00' });
    expect(validateDeliveryWindow({ start: '09:00', end: '10:00', endNextDay: true })).toEqual({ ok: false, issue: 'over24h' });
    expect(validateDeliveryWindow({ start: '09:00', end: '09:00', endNextDay: true })).toMatchObject({ ok: true, text: '09:00-09:00' });
    expect(validateDeliveryWindow({ start: '09:00' })).toEqual({ ok: false, issue: 'incomplete' });
    expect(windowToInput(r('21:00-03:00'))).toEqual({ start: '21:00', end: '03:00', endNextDay: true });
  });
});

describe('window and quiet hours on a fixed clock', () => {
  it('handles windows inside a day and across midnight', () => {
    const zone = 'Asia/Shanghai';
    expect(isWithinWindow(at('2026-05-01T01:00:00Z'), r('09:00-21:00'), zone)).toBe(true); // 09:00 local
    expect(isWithinWindow(at('2026-05-01T13:00:00Z'), r('09:00-21:00'), zone)).toBe(false); // 21:00 local, end excluded
    expect(isWithinWindow(at('2026-05-01T17:00:00Z'), r('21:00-03:00'), zone)).toBe(true); // 01:00 local
    expect(isWithinWindow(at('2026-05-01T20:00:00Z'), r('21:00-03:00'), zone)).toBe(false); // 04:00 local
    expect(isWithinWindow(at('2026-05-01T20:00:00Z'), null, zone)).toBe(true);
    expect(isQuietTime(at('2026-05-01T15:30:00Z'), [r('22:00-08:00')], zone)).toBe(true); // 23:30
    expect(isQuietTime(at('2026-05-01T04:30:00Z'), [r('22:00-08:00'), r('12:00-13:00')], zone)).toBe(true); // 12:30
    expect(isQuietTime(at('2026-05-01T06:00:00Z'), [r('22:00-08:00'), r('12:00-13:00')], zone)).toBe(false); // 14:00
  });

  it('finds the next allowed time across midnight and over several ranges', () => {
    const zone = 'Asia/Tokyo';
    // 23:30 local, quiet 22:00-08:00 -> 08:00 next day local = 23:00Z
    expect(nextAllowedTime(at('2026-05-01T14:30:00Z'), null, [r('22:00-08:00')], zone)?.toISOString()).toBe('2026-05-01T23:00:00.000Z');
    // window 09:00-21:00 and quiet 08:00-10:00: 07:00 local -> 10:00 local
    expect(nextAllowedTime(at('2026-05-01T22:00:00Z'), r('09:00-21:00'), [r('08:00-10:00')], zone)?.toISOString()).toBe('2026-05-02T01:00:00.000Z');
    // already allowed: now itself
    expect(nextAllowedTime(at('2026-05-02T03:00:00Z'), r('09:00-21:00'), [], zone)?.toISOString()).toBe('2026-05-02T03:00:00.000Z');
    // never allowed: the window lies inside quiet hours
    expect(nextAllowedTime(at('2026-05-02T03:00:00Z'), r('09:00-10:00'), [r('08:00-11:00')], zone)).toBeNull();
    // the current allowed stretch ends when quiet hours start (12:00 local)
    expect(nextBlockedTime(at('2026-05-02T01:00:00Z'), r('09:00-21:00'), [r('12:00-13:00')], zone)?.toISOString()).toBe('2026-05-02T03:00:00.000Z');
  });

  it('is right on DST days in America/New_York', () => {
    const zone = 'America/New_York';
    // Spring forward 2026-03-08: 02:00 EST -> 03:00 EDT (07:00Z). Quiet 01:00-02:30 ends when the clock jumps.
    expect(nextAllowedTime(at('2026-03-08T06:15:00Z'), null, [r('01:00-02:30')], zone)?.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    // Quiet 22:00-08:00 on the spring-forward night: 08:00 EDT = 12:00Z (13:00Z the day before).
    expect(nextAllowedTime(at('2026-03-08T04:00:00Z'), null, [r('22:00-08:00')], zone)?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(nextAllowedTime(at('2026-03-07T04:00:00Z'), null, [r('22:00-08:00')], zone)?.toISOString()).toBe('2026-03-07T13:00:00.000Z');
    // Fall back 2026-11-01: 02:00 EDT -> 01:00 EST (06:00Z). A window opening at 09:00 opens at 14:00Z.
    expect(nextAllowedTime(at('2026-11-01T07:00:00Z'), r('09:00-21:00'), [], zone)?.toISOString()).toBe('2026-11-01T14:00:00.000Z');
    // Quiet 00:00-01:30: ends at 01:30 EDT (05:30Z); the repeated hour brings 01:00 EST back at 06:00Z,
    // which is quiet again until 01:30 EST (06:30Z).
    expect(nextAllowedTime(at('2026-11-01T04:10:00Z'), null, [r('00:00-01:30')], zone)?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(isQuietTime(at('2026-11-01T06:10:00Z'), [r('00:00-01:30')], zone)).toBe(true);
    expect(nextBlockedTime(at('2026-11-01T05:30:00Z'), null, [r('00:00-01:30')], zone)?.toISOString()).toBe('2026-11-01T06:00:00.000Z');
    expect(nextAllowedTime(at('2026-11-01T06:10:00Z'), null, [r('00:00-01:30')], zone)?.toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('is right on DST days in Europe/London', () => {
    const zone = 'Europe/London';
    // Spring forward 2026-03-29 01:00 GMT -> 02:00 BST. Quiet 00:30-01:30 ends at the jump (01:00Z).
    expect(nextAllowedTime(at('2026-03-29T00:40:00Z'), null, [r('00:30-01:30')], zone)?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // A window 09:00-17:00: opens 08:00Z on the BST day, 09:00Z the day before.
    expect(nextAllowedTime(at('2026-03-28T20:00:00Z'), r('09:00-17:00'), [], zone)?.toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(nextAllowedTime(at('2026-03-28T02:00:00Z'), r('09:00-17:00'), [], zone)?.toISOString()).toBe('2026-03-28T09:00:00.000Z');
    // Fall back 2026-10-25 02:00 BST -> 01:00 GMT. Cross-midnight window 21:00-03:00 closes at 03:00 GMT.
    expect(nextBlockedTime(at('2026-10-24T22:00:00Z'), r('21:00-03:00'), [], zone)?.toISOString()).toBe('2026-10-25T03:00:00.000Z');
    expect(localMinuteOfDay(at('2026-10-25T01:30:00Z'), zone)).toBe(90);
  });

  it('validates zones', () => {
    expect(isValidTimeZone('Asia/Tokyo')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});
