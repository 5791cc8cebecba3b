import { sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/context';
import { requestDaysSql, type DeliveryScope } from '@/lib/sending/delivery-figures';

/** Reviews received within this many days of a review request count towards it. */
export const REQUEST_WINDOW_DAYS = 14;

/**
 * Reviews within REQUEST_WINDOW_DAYS after the latest request sent to their location before them
 * (at or before: ties count), each review once; the reviews of the period and of the window
 * after it. From the rollups, by location and day: a review on day D counts when D has a request
 * at or before it, or when the last request of an earlier day plus the window is after it. With
 * a window of whole days, only a day on which a window ends or whose first request comes after
 * some of its reviews needs the reviews themselves (reviews_merchant_location_time_idx, that
 * day's few); every other day counts all of its reviews (review_days) or none.
 */
export function reviewsAfterRequestsQuery(ctx: ServiceContext, scope: DeliveryScope): SQL {
  const window = sql`make_interval(days => ${REQUEST_WINDOW_DAYS}::int)`;
  const reviewLocation = scope.locationId ? sql`and location_id = ${scope.locationId}` : sql``;
  return sql`with req as (
          ${requestDaysSql(scope)}
        ), rev as (
          select location_id, day, sum(reviews)::int as reviews from review_days
          where merchant_id = ${ctx.merchantId} and location_id <> 0 ${reviewLocation}
            and day >= ${scope.fromDay}::date and day < ${scope.toDay}::date + ${REQUEST_WINDOW_DAYS}::int
          group by 1, 2
        ), days as (
          select coalesce(rev.location_id, req.location_id) as location_id, coalesce(rev.day, req.day) as day,
            rev.reviews, req.first_sent_at, req.last_sent_at
          from rev full join req on req.location_id = rev.location_id and req.day = rev.day
        ), marked as (
          select location_id, reviews, first_sent_at,
            max(last_sent_at) over (partition by location_id order by day rows between unbounded preceding and 1 preceding) + ${window} as window_end,
            dashboard_day_start(day) as day_start, dashboard_day_start(day + 1) as day_end
          from days
        )
        select coalesce(sum(case
            when reviews is null or reviews = 0 then 0
            when window_end >= day_end then reviews
            when first_sent_at is null and (window_end is null or window_end <= day_start) then 0
            else (select count(*) from reviews r
                  where r.merchant_id = ${ctx.merchantId} and r.location_id = m.location_id and r.create_time >= m.day_start and r.create_time < m.day_end
                    and (r.create_time >= m.first_sent_at or r.create_time < m.window_end))
          end), 0)::int as n
        from marked m`;
}
