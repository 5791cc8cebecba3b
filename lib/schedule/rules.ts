import { MINUTES_PER_DAY, formatRange, parseHm, spanMinutes, type TimeRange } from './time-range';

/**
 * One range as the form edits it: two times and whether the end falls on the next day. Without
 * the flag an end before the start already means the next day (spec section 5: it crosses
 * midnight); with it, an end after the start spans more than 24 hours.
 */
export interface RangeInput {
  start?: string | null;
  end?: string | null;
  endNextDay?: boolean;
}

export type RangeIssue = 'over24h';

/** A range as a form holds it (both ends typed as HH:mm or empty). */
export interface FormRange {
  start: string;
  end: string;
  endNextDay: boolean;
}

/** Span in minutes of a form range (can exceed 1440 when the end is flagged next day). */
export function inputSpanMinutes(start: number, end: number, endNextDay = false): number {
  if (endNextDay) return end + MINUTES_PER_DAY - start;
  return end > start ? end - start : end + MINUTES_PER_DAY - start;
}

export interface QuietRangesResult {
  /** Kept ranges (both ends set), normalised. */
  ranges: TimeRange[];
  /** Indexes (in the input) of ranges that spanned over 24 hours and were cut to start + 24 h. */
  cut: number[];
  /** The stored form, "HH:mm-HH:mm,...". */
  avoidHours: string;
}

/**
 * Spec section 5, quiet-hour ranges: an end before the start crosses midnight; a span over
 * 24 hours warns and the end becomes start + 24 hours; only ranges with both ends set are kept.
 * (At least one range always remains in the form; an enabled quiet-hours setting with no complete
 * range is refused by the caller.)
 */
export function normaliseQuietRanges(inputs: readonly RangeInput[]): QuietRangesResult {
  const ranges: TimeRange[] = [];
  const cut: number[] = [];
  inputs.forEach((input, index) => {
    const start = parseHm(input.start);
    const end = parseHm(input.end);
    if (start === null || end === null) return;
    if (inputSpanMinutes(start, end, input.endNextDay) > MINUTES_PER_DAY) {
      cut.push(index);
      ranges.push({ start, end: start });
      return;
    }
    ranges.push({ start, end });
  });
  return { ranges, cut, avoidHours: ranges.map(formatRange).join(',') };
}

/** The over-24-hour rule for one range as typed: the corrected end ("start + 24 h") or null. */
export function cutOver24(input: RangeInput): { end: string; endNextDay: boolean } | null {
  const start = parseHm(input.start);
  const end = parseHm(input.end);
  if (start === null || end === null) return null;
  return inputSpanMinutes(start, end, input.endNextDay) > MINUTES_PER_DAY ? { end: input.start ?? '', endNextDay: true } : null;
}

export type WindowIssue = 'incomplete' | 'over24h';

/**
 * Spec section 5: a cross-day delivery window cannot exceed 24 hours (refused, not cut).
 * Answers the stored form or the reason it is refused.
 */
export function validateDeliveryWindow(input: RangeInput): { ok: true; window: TimeRange; text: string } | { ok: false; issue: WindowIssue } {
  const start = parseHm(input.start);
  const end = parseHm(input.end);
  if (start === null || end === null) return { ok: false, issue: 'incomplete' };
  if (inputSpanMinutes(start, end, input.endNextDay) > MINUTES_PER_DAY) return { ok: false, issue: 'over24h' };
  const window = { start, end };
  return { ok: true, window, text: formatRange(window) };
}

/** Stored window text back into the form's shape. */
export function windowToInput(window: TimeRange): FormRange {
  const hm = formatRange(window).split('-');
  return { start: hm[0], end: hm[1], endNextDay: spanMinutes(window) === MINUTES_PER_DAY || window.end < window.start };
}
