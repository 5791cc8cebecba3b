import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readImportDate } from '@/lib/reviews/import-date';
import { formatDateTime } from '@/lib/time/format';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const NOW = new Date('2026-06-15T12:00:00Z'); // tomorrow, by the hand-entry rule: 2026-06-16
const shown = (at: Date) => formatDateTime(at, 'zh-CN'); // the wall clock in Asia/Shanghai
const at = (text: string) => {
  const read = readImportDate(text);
  return 'at' in read ? read.at.toISOString() : read.messageKey;
};

function realDay(y: number, m: number, d: number): boolean {
  if (y < 1900 || y > 9999) return false;
  const back = new Date(Date.UTC(y, m - 1, d));
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d;
}

describe('an imported review date', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterAll(() => vi.useRealTimers());

  it('refuses what the old reader rolled over, cut short or read in another century', () => {
    for (const text of ['25/12/2026', '2026-13-01', '2026-02-30', '2026-03-08 10:00 PM', '2026-03-08 25:00', '2026-03-08 23:60', '0026-03-08', '1899-12-31', 'Mar 8, 2026', '2026-03-08 22:30:60', '2026-03-08T22:30:00+25:00', '']) {
      expect(at(text), text).toBe('reviews.errors.date');
    }
    for (const text of ['9999-12-31', '2026-06-17', '2026-06-17T00:00:00+08:00']) expect(at(text), text).toBe('reviews.errors.dateFuture');
  });

  it('reads the documented forms as Asia/Shanghai wall times, and instants with their offset', () => {
    expect(at('2026-03-08')).toBe('2026-03-08T04:00:00.000Z'); // noon
    expect(at('2026-03-08 22:30')).toBe('2026-03-08T14:30:00.000Z');
    expect(at('2026-03-08T22:30')).toBe('2026-03-08T14:30:00.000Z');
    expect(at('2026-03-08 9:05:07')).toBe('2026-03-08T01:05:07.000Z');
    expect(at('2026/3/8')).toBe('2026-03-08T04:00:00.000Z');
    expect(at('2026年3月8日')).toBe('2026-03-08T04:00:00.000Z');
    expect(at('3/8/2026')).toBe('2026-03-08T04:00:00.000Z');
    expect(at('1900-01-01')).toBe('1900-01-01T03:54:17.000Z'); // noon in Shanghai's local mean time then (+08:05:43)
    expect(at('2026-03-08T22:30:00Z')).toBe('2026-03-08T22:30:00.000Z');
    expect(at('2026-03-08T22:30:00-05:00')).toBe('2026-03-09T03:30:00.000Z');
    expect(at('2026-06-16 23:59')).toBe('2026-06-16T15:59:00.000Z'); // tomorrow is still allowed
  });

  it('any Y-M-D h:m is read as exactly that wall time or refused, never rolled over', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_050 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.boolean(), (y, mo, d, h, mi, padded) => {
        const p = (n: number) => (padded ? pad(n) : String(n));
        const text = `${pad(y, 4)}-${p(mo)}-${p(d)} ${p(h)}:${pad(mi)}`;
        const read = readImportDate(text);
        const day = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
        const valid = realDay(y, mo, d) && h <= 23 && mi <= 59;
        if (!valid) {
          expect(read, text).toEqual({ messageKey: 'reviews.errors.date' });
          return;
        }
        if (day > '2026-06-16') {
          expect(read, text).toEqual({ messageKey: 'reviews.errors.dateFuture' });
          return;
        }
        expect('at' in read && shown(read.at), text).toBe(`${day} ${pad(h)}:${pad(mi)}:00`);
      }),
      { numRuns: 5000 },
    );
  });

  it('any text is refused or read as a day from 1900 to tomorrow that the text names', () => {
    const piece = fc.constantFrom('2026', '1899', '0026', '9999', '-', '/', '.', ' ', 'T', ':', '年', '月', '日', 'Z', '+08:00', '-05:00', 'PM', '3', '08', '13', '30', '31', '25', '00', '59', '60');
    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.array(piece, { maxLength: 12 }).map((p) => p.join('')));
    fc.assert(
      fc.property(text, (t) => {
        const read = readImportDate(t);
        if (!('at' in read)) {
          expect(['reviews.errors.date', 'reviews.errors.dateFuture']).toContain(read.messageKey);
          return;
        }
        const day = shown(read.at).slice(0, 10);
        expect(day >= '1900-01-01' && day <= '2026-06-16', t).toBe(true);
        // A wall time names its own day; an instant with an offset may fall on a neighbouring one.
        if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(t)) expect(t.replace(/[年月/.]/g, '-').replace('日', ''), t).toMatch(new RegExp(`^${day}|^${Number(day.slice(5, 7))}-${Number(day.slice(8))}-${day.slice(0, 4)}$|^${day.slice(0, 4)}-0?${Number(day.slice(5, 7))}-0?${Number(day.slice(8))}`));
      }),
      { numRuns: 5000 },
    );
  });
});
