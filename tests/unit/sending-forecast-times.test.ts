import { describe, expect, it } from 'vitest';
import { forecastSendTimes } from '@/lib/sending/forecast-times';
import { parseRange, parseRangeList } from '@/lib/schedule/time-range';

const rules = (over: Partial<Parameters<typeof forecastSendTimes>[2]> = {}) => ({ window: null, quiet: [], zone: 'America/New_York', batch: false, ratePerSecond: 10, ...over });

describe('forecastSendTimes', () => {
  it('sends at the transport rate from the start when nothing restricts it', () => {
    const start = new Date('2026-07-01T15:00:00Z');
    const { first, last } = forecastSendTimes(101, start, rules());
    expect(first?.toISOString()).toBe('2026-07-01T15:00:00.000Z');
    expect(last?.toISOString()).toBe('2026-07-01T15:00:10.000Z');
  });

  it('waits for the window to open and spreads a batch across it', () => {
    // 07:00 EDT; window 09:00-17:00: first at 13:00Z, last just before 21:00Z.
    const { first, last } = forecastSendTimes(480, new Date('2026-07-01T11:00:00Z'), rules({ window: parseRange('09:00-17:00'), batch: true }));
    expect(first?.toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(last?.toISOString()).toBe('2026-07-01T20:59:00.000Z');
  });

  it('paces a batch started late in the window on the whole window, and continues the next day', () => {
    // 16:00 EDT, one hour of the window left: 60 go today at one a minute, 420 from 09:00 tomorrow.
    const { first, last } = forecastSendTimes(480, new Date('2026-07-01T20:00:00Z'), rules({ window: parseRange('09:00-17:00'), batch: true }));
    expect(first?.toISOString()).toBe('2026-07-01T20:00:00.000Z');
    expect(last?.toISOString()).toBe('2026-07-02T19:59:00.000Z');
  });

  it('skips quiet hours and carries what does not fit into the next allowed time', () => {
    // 1 a second, 11:59:00 EDT, quiet 12:00-13:00: 60 go before noon, the rest after 13:00.
    const { first, last } = forecastSendTimes(100, new Date('2026-07-01T15:59:00Z'), rules({ ratePerSecond: 1, quiet: parseRangeList('12:00-13:00') ?? [] }));
    expect(first?.toISOString()).toBe('2026-07-01T15:59:00.000Z');
    expect(last?.toISOString()).toBe('2026-07-01T17:00:39.000Z');
  });

  it('answers no time when the rules never allow sending', () => {
    const { first, last } = forecastSendTimes(5, new Date('2026-07-01T15:00:00Z'), rules({ window: parseRange('09:00-17:00'), quiet: parseRangeList('08:00-18:00') ?? [] }));
    expect([first, last]).toEqual([null, null]);
  });

  it('answers nothing for no recipients', () => {
    expect(forecastSendTimes(0, new Date(), rules())).toEqual({ first: null, last: null });
  });
});
