import { MINUTES_PER_DAY, rangeContains, type TimeRange } from './time-range';

/**
 * Instants against wall-clock rules in an IANA zone. Pure functions of `now` (the caller injects
 * its clock), correct across DST days: the local minute of an instant is computed from the zone's
 * offset at that instant, and the candidate instants where the answer can change include the
 * zone's own offset transitions (a boundary that does not exist on a spring-forward day, or that
 * occurs twice on a fall-back day).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How far nextAllowedTime looks ahead before deciding the rules never allow sending. */
const HORIZON_DAYS = 8;

export function isValidTimeZone(zone: string | null | undefined): boolean {
  if (!zone) return false;
  try {
    return Number.isFinite(offsetAt(zone, Date.now()));
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's UTC offset in ms at an instant, from Intl's own wall-clock parts. (date-fns-tz's
 * getTimezoneOffset answered the wrong side of a DST jump for instants near it.)
 */
export function offsetAt(zone: string, at: number): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(at))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(at / 1000) * 1000;
}

/** Minutes after local midnight of an instant in a zone (0-1439). */
export function localMinuteOfDay(at: Date, zone: string): number {
  const local = at.getTime() + offsetAt(zone, at.getTime());
  return Math.floor((((local % DAY) + DAY) % DAY) / MINUTE);
}

/** Inside the daily delivery window? No window (null) means any time. */
export function isWithinWindow(now: Date, window: TimeRange | null, zone: string): boolean {
  return !window || rangeContains(window, localMinuteOfDay(now, zone));
}

/** Inside any quiet-hour range? */
export function isQuietTime(now: Date, ranges: readonly TimeRange[], zone: string): boolean {
  const minute = localMinuteOfDay(now, zone);
  return ranges.some((r) => rangeContains(r, minute));
}

/** May a message go out at this instant? */
export function isSendAllowed(now: Date, window: TimeRange | null, ranges: readonly TimeRange[], zone: string): boolean {
  return isWithinWindow(now, window, zone) && !isQuietTime(now, ranges, zone);
}

/**
 * The first instant at or after `now` when sending is allowed (inside the window and outside
 * every quiet range), or null when the rules never allow it (for example a window wholly inside
 * quiet hours).
 */
export function nextAllowedTime(now: Date, window: TimeRange | null, ranges: readonly TimeRange[], zone: string): Date | null {
  if (isSendAllowed(now, window, ranges, zone)) return new Date(now);
  for (const at of candidateInstants(now, window, ranges, zone)) {
    if (isSendAllowed(new Date(at), window, ranges, zone)) return new Date(at);
  }
  return null;
}

/**
 * The first instant after `now` when sending stops being allowed (the window closes or quiet
 * hours begin), or null when it never stops within the horizon. The dispatcher spreads a batch
 * over [now, nextBlockedTime).
 */
export function nextBlockedTime(now: Date, window: TimeRange | null, ranges: readonly TimeRange[], zone: string): Date | null {
  if (!isSendAllowed(now, window, ranges, zone)) return new Date(now);
  for (const at of candidateInstants(now, window, ranges, zone)) {
    if (!isSendAllowed(new Date(at), window, ranges, zone)) return new Date(at);
  }
  return null;
}

/**
 * Every instant after `now` (ascending, within the horizon) at which the answer can change:
 * each boundary wall time on each local day under every offset in force that day (kept when the
 * instant really shows that wall time), plus the zone's offset transitions.
 */
function candidateInstants(now: Date, window: TimeRange | null, ranges: readonly TimeRange[], zone: string): number[] {
  const boundaries = new Set<number>();
  if (window) {
    boundaries.add(window.start);
    boundaries.add(window.end);
  }
  for (const r of ranges) {
    boundaries.add(r.start);
    boundaries.add(r.end);
  }
  const from = now.getTime();
  const aligned = Math.floor(from / MINUTE) * MINUTE;
  const until = from + HORIZON_DAYS * DAY;
  const out = new Set<number>();
  for (const t of transitions(zone, aligned - DAY, until + DAY)) if (t > from && t <= until) out.add(t);
  // Local calendar days from the day before now (offsets can reach +-14 h) to the horizon.
  const firstLocalMidnight = Math.floor((from + offsetAt(zone, from)) / DAY) * DAY - DAY;
  for (let day = firstLocalMidnight; day <= until + 2 * DAY; day += DAY) {
    const offsets = new Set([offsetAt(zone, day - 14 * HOUR), offsetAt(zone, day + 12 * HOUR), offsetAt(zone, day + 38 * HOUR)]);
    for (const minute of boundaries) {
      const wall = day + (minute % MINUTES_PER_DAY) * MINUTE;
      for (const offset of offsets) {
        const at = wall - offset;
        if (at > from && at <= until && offsetAt(zone, at) === offset) out.add(at);
      }
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** Instants (to the minute) where the zone's offset changes between two instants. */
function transitions(zone: string, from: number, until: number): number[] {
  const out: number[] = [];
  let previous = offsetAt(zone, from);
  for (let t = from + HOUR; t <= until; t += HOUR) {
    const current = offsetAt(zone, t);
    if (current !== previous) {
      // Binary search the first minute with the new offset.
      let lo = t - HOUR;
      let hi = t;
      while (hi - lo > MINUTE) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
        if (offsetAt(zone, mid) === previous) lo = mid;
        else hi = mid;
      }
      out.push(hi);
      previous = current;
    }
  }
  return out;
}
