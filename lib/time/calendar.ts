/**
 * The one reader of dates and times typed or sent as text. A shape check alone let "2026-02-30"
 * or "24:00" through to the database or to `Date`, which answered 500 or moved the value by a
 * day; every date field's schema and every reader of stored ranges goes through these instead.
 * No zod and no date library here: forms in the browser use it too.
 */
import { offsetAt } from '@/lib/schedule/clock';

/** The years a merchant's dates may name (a review's date, a filter's range, a schedule). */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 9999;

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function realDay(year: number, month: number, day: number): boolean {
  return year >= FIRST_YEAR && year <= LAST_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function realTime(hour: number, minute: number, second: number): boolean {
  return hour <= 23 && minute <= 59 && second <= 59;
}

/** A calendar day written YYYY-MM-DD that exists (no February 30th, no month 13). */
export function isCalendarDay(text: unknown): text is string {
  const m = typeof text === 'string' ? DAY.exec(text) : null;
  return Boolean(m && realDay(Number(m[1]), Number(m[2]), Number(m[3])));
}

/** "YYYY-MM-DD HH:mm[:ss]" (or with T), a time of a day that exists, 00:00-23:59:59; else null. */
export function parseWallTime(text: string): WallTime | null {
  const m = WALL.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  return realDay(year, month, day) && realTime(hour, minute, second) ? { year, month, day, hour, minute, second } : null;
}

/** An ISO 8601 instant with its offset ("2027-01-01T10:00:00+08:00", "...Z"), every part real; else null. */
export function parseInstant(text: string): Date | null {
  const m = INSTANT.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const offset = m[7].toUpperCase() === 'Z' ? 0 : Number(m[7].slice(1, 3)) * 60 + Number(m[7].slice(-2));
  if (!realDay(year, month, day) || !realTime(hour, minute, second) || offset > 18 * 60) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day or an instant as a filter's range end may give it. */
export function isDayOrInstant(text: unknown): text is string {
  return typeof text === 'string' && (isCalendarDay(text) || parseInstant(text) !== null);
}

/**
 * The instant a wall time names in `zone`. A time the clocks skip (02:30 when they jump from 02:00
 * to 03:00) is read with the offset before the jump, so it lands after it (03:30), as
 * Temporal's "compatible" reading does; a time the clocks pass twice is its first occurrence.
 */
export function instantOfWallTime(wall: WallTime, zone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // The zone's offsets a day either side of the wall time: equal unless a change falls between.
  const before = offsetAt(zone, asUtc - 86_400_000);
  const after = offsetAt(zone, asUtc + 86_400_000);
  const first = asUtc - before;
  if (before === after) return new Date(first);
  const second = asUtc - after;
  const shows = (at: number) => at - asUtc + offsetAt(zone, at) === 0;
  // Both readings valid: the clocks went back (the earlier instant first). Neither: a skipped time.
  if (shows(Math.min(first, second))) return new Date(Math.min(first, second));
  if (shows(Math.max(first, second))) return new Date(Math.max(first, second));
  return new Date(first);
}

/**
 * The latest instant the app stores or compares: `toISOString` writes later ones with a six-digit
 * year (`+010000-01-01T…`), which PostgreSQL refuses as a timestamp.
 */
export const LAST_INSTANT = Date.UTC(LAST_YEAR, 11, 31, 23, 59, 59, 999);

/**
 * The day `days` after `day` (YYYY-MM-DD, checked by the caller; negative: before). Written from
 * its parts: the day after 9999-12-31 is `10000-01-01`, a range's end that startOfDayIn still reads.
 */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const at = new Date(Date.UTC(year, month - 1, date + days));
  return `${String(at.getUTCFullYear()).padStart(4, '0')}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`;
}

export function nextDay(day: string): string {
  return addDays(day, 1);
}

/**
 * Midnight starting `day` (YYYY-MM-DD, checked by the caller) in `zone`. The end of a range to
 * 9999-12-31 west of UTC falls in year 10000: it is held at LAST_INSTANT, past which nothing is stored.
 */
export function startOfDayIn(day: string, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const at = instantOfWallTime({ year, month, day: date, hour: 0, minute: 0, second: 0 }, zone);
  return at.getTime() > LAST_INSTANT ? new Date(LAST_INSTANT) : at;
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}
