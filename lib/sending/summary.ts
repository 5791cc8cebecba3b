import { and, eq, sql } from 'drizzle-orm';
import { campaigns } from '@/db/schema/campaigns';
import { deliveries, deliveryStatuses, type DeliveryStatus } from '@/db/schema/sending';
import { contacts } from '@/db/schema/contacts';
import { notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { displayName } from '@/lib/names/display-name';

export interface DeliveryProblem {
  deliveryId: number;
  contactId: number;
  name: string;
  address: string;
  status: 'failed' | 'needs_review' | 'skipped';
  reason: string | null;
  at: string;
}

export interface DeliverySummary {
  campaignId: number;
  counts: Record<DeliveryStatus, number>;
  total: number;
  delivered: number;
  opened: number;
  clicked: number;
  skipReasons: Record<string, number>;
  /** Failed and needs-review deliveries first, then skipped; at most 100. */
  problems: DeliveryProblem[];
}

/** Issue 7 item 8: what happened to a campaign's messages, for its details dialog. */
export async function campaignDeliverySummary(ctx: ServiceContext, campaignId: number): Promise<DeliverySummary> {
  const [campaign] = await ctx.db.select({ id: campaigns.id }).from(campaigns).where(and(eq(campaigns.id, campaignId), eq(campaigns.merchantId, ctx.merchantId))).limit(1);
  if (!campaign) throw notFound('campaigns.errors.notFound');
  const byStatus = await ctx.db.execute<{ status: DeliveryStatus; n: number; opened: number; clicked: number }>(
    sql`select status, count(*)::int as n, count(opened_at)::int as opened, count(clicked_at)::int as clicked from deliveries where campaign_id = ${campaignId} and merchant_id = ${ctx.merchantId} group by status`,
  );
  const counts = Object.fromEntries(deliveryStatuses.map((s) => [s, 0])) as Record<DeliveryStatus, number>;
  for (const row of byStatus) counts[row.status] = Number(row.n);
  const [delivered] = await ctx.db.execute<{ n: number }>(sql`select count(distinct e.delivery_id)::int as n from delivery_events e join deliveries d on d.id = e.delivery_id where d.campaign_id = ${campaignId} and d.merchant_id = ${ctx.merchantId} and e.type = 'delivered' and d.status = 'sent'`);
  const reasons = await ctx.db.execute<{ reason: string; n: number }>(sql`select coalesce(error, 'unknown') as reason, count(*)::int as n from deliveries where campaign_id = ${campaignId} and merchant_id = ${ctx.merchantId} and status = 'skipped' group by 1`);
  const problems = await ctx.db
    .select({ id: deliveries.id, contactId: deliveries.contactId, status: deliveries.status, error: deliveries.error, address: deliveries.toAddress, at: deliveries.updatedAt, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(deliveries)
    .innerJoin(contacts, eq(contacts.id, deliveries.contactId))
    .where(and(eq(deliveries.campaignId, campaignId), eq(deliveries.merchantId, ctx.merchantId), sql`${deliveries.status} in ('failed', 'needs_review', 'skipped')`))
    .orderBy(sql`case ${deliveries.status} when 'needs_review' then 0 when 'failed' then 1 else 2 end`, deliveries.id)
    .limit(100);
  return {
    campaignId,
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    // Without provider receipts (SMTP, the outbox) a sent message counts as delivered.
    delivered: Number(delivered?.n ?? 0) || counts.sent,
    opened: byStatus.reduce((a, r) => a + Number(r.opened), 0),
    clicked: byStatus.reduce((a, r) => a + Number(r.clicked), 0),
    skipReasons: Object.fromEntries(reasons.map((r) => [r.reason, Number(r.n)])),
    problems: problems.map((p) => ({
      deliveryId: p.id,
      contactId: p.contactId,
      name: displayName(p, ctx.locale),
      address: p.address,
      status: p.status as DeliveryProblem['status'],
      reason: p.error,
      at: p.at.toISOString(),
    })),
  };
}

// The person's verdict lives with the rest of the review (review.ts); the route imports it from here.
export { resolveReview } from './review';
