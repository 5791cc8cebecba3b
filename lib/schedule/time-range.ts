/**
 * Wall-clock time ranges ("HH:mm-HH:mm") of quiet hours and the daily delivery window
 * (spec sections 3 and 5). A range whose end is before its start crosses midnight; an end equal
 * to the start spans a whole day (24 hours). Stored forms: avoidHours "22:00-08:00,12:00-13:30",
 * deliveryWindow "09:00-21:00".
 */
export interface TimeRange {
  /** Minutes after local midnight, 0-1439. */
  start: number;
  /** Minutes after local midnight, 0-1439. */
  end: number;
}

export const MINUTES_PER_DAY = 24 * 60;
const HM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "09:30" -> 570; anything else -> null. */
export function parseHm(value: string | null | undefined): number | null {
  const match = HM.exec((value ?? '').trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function formatHm(minutes: number): string {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** "22:00-08:00" -> { start: 1320, end: 480 }; malformed -> null. */
export function parseRange(value: string | null | undefined): TimeRange | null {
  const parts = (value ?? '').split('-');
  if (parts.length !== 2) return null;
  const start = parseHm(parts[0]);
  const end = parseHm(parts[1]);
  return start === null || end === null ? null : { start, end };
}

export function formatRange(range: TimeRange): string {
  return `${formatHm(range.start)}-${formatHm(range.end)}`;
}

/** Comma-separated ranges; null when any part is malformed. Empty text -> []. */
export function parseRangeList(value: string | null | undefined): TimeRange[] | null {
  const text = (value ?? '').trim();
  if (!text) return [];
  const out: TimeRange[] = [];
  for (const part of text.split(',')) {
    const range = parseRange(part);
    if (!range) return null;
    out.push(range);
  }
  return out;
}

export function formatRangeList(ranges: readonly TimeRange[]): string {
  return ranges.map(formatRange).join(',');
}

/** True when the range runs past midnight (end before start, or a whole day). */
export function crossesMidnight(range: TimeRange): boolean {
  return range.end <= range.start;
}

/** Length in minutes: 1-1440 (an end equal to the start is a whole day). */
export function spanMinutes(range: TimeRange): number {
  return range.end > range.start ? range.end - range.start : range.end + MINUTES_PER_DAY - range.start;
}

/** Whether a minute of the day (0-1439) falls in the range; the start is inside, the end is not. */
export function rangeContains(range: TimeRange, minuteOfDay: number): boolean {
  if (range.end > range.start) return minuteOfDay >= range.start && minuteOfDay < range.end;
  return minuteOfDay >= range.start || minuteOfDay < range.end;
}
