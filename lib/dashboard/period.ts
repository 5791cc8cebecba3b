import { formatInTimeZone } from 'date-fns-tz';
import { addDays, nextDay, startOfDayIn } from '@/lib/time/calendar';
import { DEFAULT_TIME_ZONE } from '@/lib/time/format';
import type { DashboardQuery } from './schema';

export interface Period {
  from: Date; // inclusive
  to: Date; // exclusive
  months: string[]; // YYYY-MM of every month the period touches, in the merchant's zone
  /** The same period as calendar days in the zone (YYYY-MM-DD; `toDay` exclusive): the rollups' key. */
  fromDay: string;
  toDay: string;
}

/**
 * The chosen period as instants. Month-based periods start on the first of a month so the trend
 * chart's first bar is a whole month; day-based ones end with today.
 */
export function resolvePeriod(q: Pick<DashboardQuery, 'period' | 'from' | 'to'>, now: Date, timeZone = DEFAULT_TIME_ZONE): Period {
  const today = formatInTimeZone(now, timeZone, 'yyyy-MM-dd');
  // Days counted as calendar days, not 24 h: a day of a clock change is 23 or 25 hours long.
  const tomorrow = nextDay(today);
  let from: Date;
  let to = startOfDayIn(tomorrow, timeZone);
  if (q.period === 'custom' && q.from && q.to) {
    from = startOfDayIn(q.from, timeZone);
    to = startOfDayIn(nextDay(q.to), timeZone);
  } else if (q.period === '30d' || q.period === '90d') {
    from = startOfDayIn(addDays(tomorrow, q.period === '30d' ? -30 : -90), timeZone);
  } else {
    const back = q.period === '6m' ? 5 : 11;
    const [y, m] = today.split('-').map(Number);
    const start = new Date(Date.UTC(y, m - 1 - back, 1));
    from = startOfDayIn(start.toISOString().slice(0, 10), timeZone);
  }
  // Every bound above is a day's start in the zone, so the period is a whole number of days.
  const day = (d: Date) => formatInTimeZone(d, timeZone, 'yyyy-MM-dd');
  return { from, to, months: monthsBetween(from, to, timeZone), fromDay: day(from), toDay: day(to) };
}

export function monthsBetween(from: Date, to: Date, timeZone = DEFAULT_TIME_ZONE): string[] {
  const first = formatInTimeZone(from, timeZone, 'yyyy-MM');
  const last = formatInTimeZone(new Date(to.getTime() - 1), timeZone, 'yyyy-MM');
  const out: string[] = [];
  let [y, m] = first.split('-').map(Number);
  // Bounded by the schema's longest custom period (lib/dashboard/schema.ts), with room to spare.
  for (let guard = 0; guard < 1200; guard++) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= last) break;
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}
