import { describe, expect, it } from 'vitest';
import { formatAxisMonth, formatDate, formatDateTime, toDateTimeInputValue } from '@/lib/time/format';
import { splitPersonName } from '@/lib/names/split-name';
import { displayName } from '@/lib/names/display-name';

const instant = new Date('2026-03-05T01:02:03Z');

describe('date display (spec section 9)', () => {
  it("names a chart's month in the reader's language, never as a day-like 25/12", () => {
    expect(formatAxisMonth('2025-12', 'en-US')).toEqual({ month: 'Dec', year: '2025' });
    expect(formatAxisMonth('2025-12', 'zh-CN')).toEqual({ month: '12月', year: '2025年' });
    expect(formatAxisMonth('2026-01', 'zh-HK')).toEqual({ month: '1月', year: '2026年' });
  });

  it('uses MM/DD/YYYY HH:mm:ss for en-US and YYYY-MM-DD HH:mm:ss otherwise, in Asia/Shanghai by default', () => {
    expect(formatDateTime(instant, 'en-US')).toBe('03/05/2026 09:02:03');
    expect(formatDateTime(instant, 'zh-CN')).toBe('2026-03-05 09:02:03');
    expect(formatDateTime(instant, 'zh-HK')).toBe('2026-03-05 09:02:03');
    expect(formatDate(instant, 'en-US')).toBe('03/05/2026');
  });

  it('honours another zone and shows a dash for nothing', () => {
    expect(formatDateTime(instant, 'zh-CN', 'America/New_York')).toBe('2026-03-04 20:02:03');
    expect(formatDateTime(null, 'zh-CN')).toBe('-');
    expect(formatDateTime('not a date', 'en-US')).toBe('-');
    expect(toDateTimeInputValue(instant, 'America/New_York')).toBe('2026-03-04T20:02');
  });
});

describe('name order (spec section 9)', () => {
  it('puts the family name first in zh-CN and zh-HK', () => {
    expect(displayName({ firstName: '小明', lastName: '王' }, 'zh-CN')).toBe('王小明');
    expect(displayName({ firstName: 'Tai Man', lastName: 'Chan' }, 'zh-HK')).toBe('Chan Tai Man');
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace' }, 'en-US')).toBe('Ada Lovelace');
    expect(displayName({ firstName: 'Ada', lastName: '' }, 'zh-CN')).toBe('Ada');
  });

  it('splits a quick-add name by the locale order', () => {
    expect(splitPersonName('王小明', 'zh-CN')).toEqual({ lastName: '王', firstName: '小明' });
    expect(splitPersonName('欧阳娜娜', 'zh-CN')).toEqual({ lastName: '欧阳', firstName: '娜娜' });
    expect(splitPersonName('Ada Lovelace', 'en-US')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitPersonName('Chan Tai Man', 'zh-HK')).toEqual({ lastName: 'Chan', firstName: 'Tai Man' });
    expect(splitPersonName('  Mary   Jane  Watson ', 'en-US')).toEqual({ firstName: 'Mary Jane', lastName: 'Watson' });
  });
});
