import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { campaigns, CampaignType } from '@/db/schema/campaigns';
import { deliveryDays, sentDays } from '@/db/schema/dashboard';

/**
 * A merchant's deliveries in a period of whole days [fromDay, toDay) (YYYY-MM-DD in the dashboard's
 * zone), of one location's campaigns when given.
 */
export interface DeliveryScope {
  merchantId: number;
  locationId?: number;
  fromDay: string;
  toDay: string;
}

/**
 * Deliveries of one channel queued in the period, sent and failed: from delivery_days (a row per
 * campaign and day, kept by the deliveries' triggers, migration 0028), not the deliveries.
 */
export function channelSendingQuery(db: Db, scope: DeliveryScope, channel: 0 | 1) {
  const query = db
    .select({
      sent: sql<number>`coalesce(sum(${deliveryDays.sent}), 0)`.mapWith(Number),
      failed: sql<number>`coalesce(sum(${deliveryDays.failed}), 0)`.mapWith(Number),
    })
    .from(deliveryDays);
  const where = and(
    eq(deliveryDays.merchantId, scope.merchantId),
    eq(deliveryDays.channel, channel),
    gte(deliveryDays.day, scope.fromDay),
    lt(deliveryDays.day, scope.toDay),
  );
  if (!scope.locationId) return query.where(where);
  return query
    .innerJoin(campaigns, eq(campaigns.id, deliveryDays.campaignId))
    .where(and(where, eq(campaigns.merchantId, scope.merchantId), eq(campaigns.locationId, scope.locationId)));
}

/** Review requests sent in the period, from sent_days (by the day of the send). */
export function requestsSentQuery(db: Db, scope: DeliveryScope) {
  return db
    .select({ n: sql<number>`coalesce(sum(${sentDays.sent}), 0)`.mapWith(Number) })
    .from(sentDays)
    .innerJoin(campaigns, eq(campaigns.id, sentDays.campaignId))
    .where(
      and(
        eq(sentDays.merchantId, scope.merchantId),
        gte(sentDays.day, scope.fromDay),
        lt(sentDays.day, scope.toDay),
        eq(campaigns.merchantId, scope.merchantId),
        eq(campaigns.campaignType, CampaignType.REVIEW_REQUEST),
        scope.locationId ? eq(campaigns.locationId, scope.locationId) : undefined,
      ),
    );
}

/**
 * Rows (location_id, day, first, last) of the review requests sent in the period: per location
 * and day, the first and the last send. Campaigns without a location are left out (their
 * requests match no review).
 */
export function requestDaysSql(scope: DeliveryScope) {
  const location = scope.locationId ? sql`and c.location_id = ${scope.locationId}` : sql``;
  return sql`select c.location_id, s.day, min(s.first_sent_at) as first_sent_at, max(s.last_sent_at) as last_sent_at
          from sent_days s join campaigns c on c.id = s.campaign_id
          where s.merchant_id = ${scope.merchantId} and c.merchant_id = ${scope.merchantId} and c.campaign_type = ${CampaignType.REVIEW_REQUEST}
            and c.location_id is not null ${location} and s.day >= ${scope.fromDay}::date and s.day < ${scope.toDay}::date
          group by 1, 2`;
}
