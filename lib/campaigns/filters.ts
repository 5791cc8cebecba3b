import { sql, type SQL } from 'drizzle-orm';
import { CampaignChannel } from '@/db/schema/campaigns';
import { alwaysSkippedSql, contactColumns } from '@/lib/sending/eligibility';
import { everClickedSql, everOpenedSql, lastSentAtSql, sentSinceSql } from '@/lib/sending/contact-history';
import type { FilterConditions } from './schema';
import { AppError } from '@/lib/errors/app-error';
import { isCalendarDay, nextDay, parseInstant, startOfDayIn } from '@/lib/time/calendar';

/**
 * A date range end as an instant: a bare date is a whole local day in the zone (the end day
 * included, until the next local midnight). A range saved before its dates were checked strictly
 * is refused as the form refuses it, never sent to the database as an invalid date.
 */
export function rangeBounds(range: { start?: string | null; end?: string | null } | null, zone: string): { from: Date | null; until: Date | null } {
  if (!range) return { from: null, until: null };
  return { from: rangeEnd(range.start, zone, 0), until: rangeEnd(range.end, zone, 1) };
}

function rangeEnd(text: string | null | undefined, zone: string, daysAfter: 0 | 1): Date | null {
  if (!text) return null;
  if (isCalendarDay(text)) return startOfDayIn(daysAfter ? nextDay(text) : text, zone);
  const instant = parseInstant(text);
  if (!instant) throw new AppError('VALIDATION', 'campaigns.errors.badDate');
  return instant;
}

/** Defaults: what a trial account may send with (spec section 6: no customisation). */
export function isDefaultFilter(f: FilterConditions): boolean {
  return f.optInOnly && f.tags.length === 0 && !hasRange(f.optInTimeRange) && !hasRange(f.lastRequestRange) && !f.openedEmail && !f.clickedLink && !f.silentDays;
}

function hasRange(r: FilterConditions['optInTimeRange']): boolean {
  return Boolean(r && (r.start || r.end));
}

export interface AudienceScope {
  merchantId: number;
  locationId: number;
  channel: number;
  filters: FilterConditions;
  /** Zone of bare dates in ranges (the location's). */
  zone: string;
  now: Date;
}

/**
 * The WHERE clause over `contacts c` selecting a campaign's audience (spec section 3, filter
 * conditions). Consent: opted-out members are never selected; "opt-in only" also leaves out
 * members who never opted in. Request history comes from deliveries: the last request is the
 * latest *sent* delivery; opened and clicked come from its tracking times.
 */
export function audienceWhere(scope: AudienceScope): SQL {
  const { filters: f, channel } = scope;
  const email = channel === CampaignChannel.EMAIL;
  const parts: SQL[] = [sql`c.merchant_id = ${scope.merchantId}`, sql`c.location_id = ${scope.locationId}`];
  // Never members: whom the dispatcher always skips (lib/sending/eligibility.ts).
  parts.push(sql`not ${alwaysSkippedSql(email ? 'email' : 'sms', contactColumns('c'))}`);
  if (f.optInOnly) parts.push(email ? sql`c.email_opt_in is true` : sql`c.sms_opt_in is true`);
  if (f.tags.length) parts.push(sql`c.tags && ${sqlTextArray(f.tags)}`);
  const optIn = rangeBounds(f.optInTimeRange, scope.zone);
  const optInAt = email ? sql`c.email_opt_in_at` : sql`c.sms_opt_in_at`;
  if (optIn.from) parts.push(sql`${optInAt} >= ${optIn.from.toISOString()}::timestamptz`);
  if (optIn.until) parts.push(sql`${optInAt} < ${optIn.until.toISOString()}::timestamptz`);
  const last = rangeBounds(f.lastRequestRange, scope.zone);
  if (last.from || last.until) {
    const lastSent = lastSentAtSql(sql`c.id`);
    if (last.from) parts.push(sql`${lastSent} >= ${last.from.toISOString()}::timestamptz`);
    if (last.until) parts.push(sql`${lastSent} < ${last.until.toISOString()}::timestamptz`);
  }
  if (f.openedEmail) parts.push(everOpenedSql(sql`c.id`));
  if (f.clickedLink) parts.push(everClickedSql(sql`c.id`));
  if (f.silentDays && f.silentDays > 0) {
    parts.push(sql`not ${sentSinceSql(sql`c.id`, new Date(scope.now.getTime() - f.silentDays * 86_400_000))}`);
  }
  return sql.join(parts, sql` and `);
}

function sqlTextArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}
