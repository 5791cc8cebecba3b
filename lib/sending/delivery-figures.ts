import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { campaigns, deliveries, CampaignType } from '@/db/schema/campaigns';
import { ts } from '@/db/timestamp';

/** A merchant's deliveries in a period [from, to), of one location's campaigns when given. */
export interface DeliveryScope {
  merchantId: number;
  locationId?: number;
  from: Date;
  to: Date;
}

/**
 * Deliveries of one channel queued in the period, sent and failed. Served by
 * deliveries_merchant_channel_queued_idx (index-only); a query builder so a test can EXPLAIN it.
 */
export function channelSendingQuery(db: Db, scope: DeliveryScope, channel: 0 | 1) {
  return db
    .select({
      sent: sql<number>`count(*) filter (where ${deliveries.status} = 'sent')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${deliveries.status} = 'failed')`.mapWith(Number),
    })
    .from(deliveries)
    .innerJoin(campaigns, eq(campaigns.id, deliveries.campaignId))
    .where(
      and(
        eq(campaigns.merchantId, scope.merchantId),
        eq(deliveries.merchantId, scope.merchantId),
        eq(deliveries.channel, channel),
        scope.locationId ? eq(campaigns.locationId, scope.locationId) : undefined,
        gte(deliveries.queuedAt, scope.from),
        lt(deliveries.queuedAt, scope.to),
      ),
    );
}

/** Review requests sent in the period: served by deliveries_merchant_sent_idx. */
export function requestsSentQuery(db: Db, scope: DeliveryScope) {
  return db
    .select({ n: count() })
    .from(deliveries)
    .innerJoin(campaigns, eq(campaigns.id, deliveries.campaignId))
    .where(
      and(
        eq(campaigns.merchantId, scope.merchantId),
        eq(campaigns.campaignType, CampaignType.REVIEW_REQUEST),
        scope.locationId ? eq(campaigns.locationId, scope.locationId) : undefined,
        // The delivery's own merchant column lets the (merchant_id, sent_at) index lead.
        eq(deliveries.merchantId, scope.merchantId),
        eq(deliveries.status, 'sent'),
        gte(deliveries.sentAt, scope.from),
        lt(deliveries.sentAt, scope.to),
      ),
    );
}

/** Rows (location_id, t) of the review requests sent in the period, from deliveries_merchant_sent_idx. */
export function requestsSentSql(scope: DeliveryScope): SQL {
  const location = scope.locationId ? sql`and c.location_id = ${scope.locationId}` : sql``;
  return sql`select c.location_id, d.sent_at as t
          from deliveries d join campaigns c on c.id = d.campaign_id
          where c.merchant_id = ${scope.merchantId} and d.merchant_id = ${scope.merchantId} and c.campaign_type = ${CampaignType.REVIEW_REQUEST}
            and d.status = 'sent' and d.sent_at >= ${ts(scope.from)} and d.sent_at < ${ts(scope.to)} ${location}`;
}
