import { instantOfWallTime, parseInstant, parseWallTime } from '@/lib/time/calendar';
import { DEFAULT_TIME_ZONE, dayIn } from '@/lib/time/format';
import { manualReviewSchema } from './schema';

/** A date cell read: the review's instant, or the message key its row fails with. */
export type ImportDate = { at: Date } | { messageKey: string };

// Whole cells only: a tail (an offset, "PM", seconds past 59) is never dropped.
const YMD = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const MDY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const BAD: ImportDate = { messageKey: 'reviews.errors.date' };

/**
 * A review's date in an import's cell: an ISO 8601 instant with its offset, or a wall time in
 * `timeZone` (`YYYY-MM-DD` with `/`, `.` or 年月日, `HH:mm[:ss]` if known, else noon; or `M/D/YYYY`).
 * The day must exist (years 1900-9999, times to 23:59:59) and pass the date rule of a review added
 * by hand (not after tomorrow): nothing is rolled over into another day.
 */
export function readImportDate(text: string, timeZone = DEFAULT_TIME_ZONE): ImportDate {
  const instant = parseInstant(text);
  if (instant) return byHandRule(dayIn(instant, timeZone), instant);
  const wall = parseWallTime(wallText(text) ?? '');
  if (!wall) return BAD;
  const day = `${wall.year}-${two(wall.month)}-${two(wall.day)}`;
  return byHandRule(day, instantOfWallTime(wall, timeZone));
}

/** The cell as `YYYY-MM-DD HH:mm:ss` for the calendar's checks (noon when it gives no time), or null. */
function wallText(text: string): string | null {
  const us = MDY.exec(text);
  const m = us ? [text, us[3], us[1], us[2]] : YMD.exec(text);
  if (!m) return null;
  const time = m[4] === undefined ? '12:00:00' : `${two(m[4])}:${m[5]}:${m[6] ?? '00'}`;
  return `${m[1]}-${two(m[2])}-${two(m[3])} ${time}`;
}

function byHandRule(day: string, at: Date): ImportDate {
  const issue = manualReviewSchema.shape.reviewDate.safeParse(day).error?.issues[0];
  return issue ? { messageKey: issue.message } : { at };
}

function two(part: string | number): string {
  return String(part).padStart(2, '0');
}
