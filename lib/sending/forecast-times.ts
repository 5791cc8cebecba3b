import { nextAllowedTime, nextBlockedTime } from '@/lib/schedule/clock';
import { spanMinutes, type TimeRange } from '@/lib/schedule/time-range';

export interface SendTimeRules {
  window: TimeRange | null;
  quiet: readonly TimeRange[];
  zone: string;
  /** Batch campaigns spread their messages across the window instead of sending at full rate. */
  batch: boolean;
  /** Messages per second the transport allows. */
  ratePerSecond: number;
}

const HORIZON_MS = 60 * 24 * 60 * 60 * 1000;

/**
 * When the first and the last of `count` messages go out, by the dispatcher's own rules: only in
 * allowed time (window and quiet hours, in the campaign's zone), at most `ratePerSecond`, and a
 * batch campaign paced at all its messages over one full window (lib/sending/claim.ts batchShare),
 * continuing in the next day's window when it started late.
 */
export function forecastSendTimes(count: number, start: Date, rules: SendTimeRules): { first: Date | null; last: Date | null } {
  if (count <= 0) return { first: null, last: null };
  let rate = rules.ratePerSecond > 0 ? rules.ratePerSecond : Infinity;
  if (rules.batch && rules.window) rate = Math.min(rate, count / (spanMinutes(rules.window) * 60));
  let remaining = count;
  let cursor = start;
  let first: Date | null = null;
  while (cursor.getTime() - start.getTime() < HORIZON_MS) {
    const open = nextAllowedTime(cursor, rules.window, rules.quiet, rules.zone);
    if (!open) return { first, last: null };
    first ??= open;
    const close = nextBlockedTime(open, rules.window, rules.quiet, rules.zone);
    const spanMs = close ? close.getTime() - open.getTime() : Infinity;
    const capacity = rate === Infinity ? Infinity : Math.floor((spanMs / 1000) * rate);
    if (capacity >= remaining) {
      const needMs = rate === Infinity ? 0 : Math.ceil(((remaining - 1) / rate) * 1000);
      return { first, last: new Date(open.getTime() + needMs) };
    }
    remaining -= capacity;
    if (!close) return { first, last: null };
    cursor = close;
  }
  return { first, last: null };
}
