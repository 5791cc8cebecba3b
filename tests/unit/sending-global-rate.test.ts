import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reserve, slotTimes, slotsPerChunk } from '@/lib/sending/global-rate';

/**
 * The slot maths of the global send rate (lib/sending/global-rate.ts): processes reserve chunks of
 * a shared schedule in any order and at any instants; the database applies `reserve` to one row
 * under its lock, so reservations are serialised in the order of their (non-decreasing) instants.
 */
describe('global send rate: slot maths', () => {
  it('reserves about 150 ms worth at a time, at least one slot', () => {
    expect([slotsPerChunk(50), slotsPerChunk(10), slotsPerChunk(1000), slotsPerChunk(1), slotsPerChunk(0.2)]).toEqual([8, 2, 150, 1, 1]);
    expect(slotTimes(1_000, 4, 50)).toEqual([1_000, 1_020, 1_040, 1_060]);
  });

  it('starts now when the schedule is behind, right after the last reservation otherwise', () => {
    expect(reserve(500, 1_000, 8, 50)).toEqual({ start: 1_000, nextAt: 1_160 });
    expect(reserve(1_160, 1_010, 8, 50)).toEqual({ start: 1_160, nextAt: 1_320 });
    // A far-future instant left by an old, tiny rate does not hold sending for longer than a minute.
    expect(reserve(10_000_000, 1_000, 1, 50)).toEqual({ start: 61_000, nextAt: 61_020 });
    // At one message every 100 s, a reservation 100 s ahead is no stale one.
    expect(reserve(101_000, 1_000, 1, 0.01)).toEqual({ start: 101_000, nextAt: 201_000 });
  });

  it('never hands out two slots closer than 1/rate, whoever reserves them and when', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1000, noNaN: true }),
        fc.array(fc.record({ process: fc.nat(3), gapMs: fc.double({ min: 0, max: 400, noNaN: true }) }), { minLength: 1, maxLength: 50 }),
        (perSecond, requests) => {
          const n = slotsPerChunk(perSecond);
          let nextAt = 0;
          let now = 0;
          const slots: number[] = [];
          for (const request of requests) {
            now += request.gapMs;
            const r = reserve(nextAt, now, n, perSecond);
            nextAt = r.nextAt;
            slots.push(...slotTimes(r.start, n, perSecond));
            // No reservation starts in the past.
            expect(r.start).toBeGreaterThanOrEqual(now);
          }
          slots.sort((a, b) => a - b);
          const spacing = 1000 / perSecond;
          for (let i = 1; i < slots.length; i++) expect(slots[i] - slots[i - 1]).toBeGreaterThanOrEqual(spacing * (1 - 1e-9));
        },
      ),
    );
  });

  it('sends exactly the rate while the processes together ask for more', () => {
    // Three processes, each reserving its next chunk as soon as it has handed out its last slot.
    const perSecond = 50;
    const n = slotsPerChunk(perSecond);
    let nextAt = 0;
    const ready = [0, 3, 7];
    const sent: number[] = [];
    while (sent.length < 3_000) {
      const p = ready.indexOf(Math.min(...ready));
      const r = reserve(nextAt, ready[p], n, perSecond);
      nextAt = r.nextAt;
      const times = slotTimes(r.start, n, perSecond);
      sent.push(...times);
      ready[p] = times[times.length - 1];
    }
    sent.sort((a, b) => a - b);
    const windowMs = 10_000;
    const inWindow = sent.filter((t) => t >= 5_000 && t < 5_000 + windowMs).length;
    expect(inWindow).toBe((perSecond * windowMs) / 1000);
  });
});
