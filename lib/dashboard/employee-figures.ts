import { sql } from 'drizzle-orm';
import { CampaignType } from '@/db/schema/campaigns';
import { ts } from '@/db/timestamp';
import type { ServiceContext } from '@/lib/context';
import { onReplica } from '@/lib/db/replica';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { resolvePeriod } from './period';
import type { DashboardQuery } from './schema';

/** One line of the dashboard's credit table: a location and an employee (null: no employee). */
export interface EmployeeFigures {
  locationId: number;
  locationName: string;
  employee: string | null;
  scans: number;
  requests: number;
  clicks: number;
  reviews: number;
  /** Mean star rating of the credited reviews, two decimals; null without reviews. */
  averageRating: number | null;
}

type Row = { location_id: number; location_name: string; employee: string; scans: number; requests: number; clicks: number; reviews: number; rating_sum: number };

/**
 * Per location and employee over the dashboard's period: scans of review codes, review requests
 * sent and clicked, reviews and their average rating. Scans and reviews carry the employee (the
 * code's, or the review's tag, set by the scan credit); requests and clicks belong to the
 * location's line without an employee, because a campaign names no employee. Clicks are those of
 * the requests sent in the period (however late the click). Each source is read from an index
 * alone: scans and reviews by (merchant, time) covering indexes, requests from the daily rollup
 * (sent_days), clicks per campaign from the clicked deliveries' partial index (review-links migration).
 */
export async function employeeFigures(primaryCtx: ServiceContext, q: DashboardQuery): Promise<EmployeeFigures[]> {
  const ctx = await onReplica(primaryCtx);
  if (q.locationId) await requireOwnLocation(ctx.db, ctx.merchantId, q.locationId);
  const period = resolvePeriod(q, ctx.now());
  const m = ctx.merchantId;
  const from = ts(period.from);
  const to = ts(period.to);
  const only = (column: string) => (q.locationId ? sql`and ${sql.raw(column)} = ${q.locationId}` : sql``);
  const rows = await ctx.db.execute<Row>(sql`
    with lines as (
      select location_id, coalesce(employee_tag, '') as employee, count(*)::int as scans, 0 as requests, 0 as clicks, 0 as reviews, 0 as rating_sum
      from review_link_scans where merchant_id = ${m} and scanned_at >= ${from} and scanned_at < ${to} ${only('location_id')}
      group by 1, 2
      union all
      select location_id, coalesce(employee_tag, ''), 0, 0, 0, count(*)::int, sum(rating)::int
      from reviews where merchant_id = ${m} and create_time >= ${from} and create_time < ${to} and location_id is not null ${only('location_id')}
      group by 1, 2
      union all
      select c.location_id, '', 0, sum(s.sent)::int, 0, 0, 0
      from sent_days s join campaigns c on c.id = s.campaign_id
      where s.merchant_id = ${m} and c.merchant_id = ${m} and c.campaign_type = ${CampaignType.REVIEW_REQUEST} and c.location_id is not null ${only('c.location_id')}
        and s.day >= ${period.fromDay}::date and s.day < ${period.toDay}::date
      group by 1
      union all
      select c.location_id, '', 0, 0, count(*)::int, 0, 0
      from campaigns c join deliveries d on d.campaign_id = c.id
      where c.merchant_id = ${m} and c.campaign_type = ${CampaignType.REVIEW_REQUEST} and c.location_id is not null ${only('c.location_id')}
        and d.clicked_at is not null and d.status = 'sent' and d.sent_at >= ${from} and d.sent_at < ${to}
      group by 1
    )
    select l.id as location_id, l.name as location_name, x.employee,
      sum(x.scans)::int as scans, sum(x.requests)::int as requests, sum(x.clicks)::int as clicks, sum(x.reviews)::int as reviews, sum(x.rating_sum)::int as rating_sum
    from lines x join locations l on l.id = x.location_id and l.merchant_id = ${m}
    group by l.id, l.name, x.employee
    order by l.name, l.id, x.employee = '', x.employee`);
  return rows.map((r) => {
    const reviews = Number(r.reviews);
    return {
      locationId: Number(r.location_id),
      locationName: r.location_name,
      employee: r.employee === '' ? null : r.employee,
      scans: Number(r.scans),
      requests: Number(r.requests),
      clicks: Number(r.clicks),
      reviews,
      averageRating: reviews ? Math.round((Number(r.rating_sum) / reviews) * 100) / 100 : null,
    };
  });
}
