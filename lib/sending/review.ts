import { and, eq, sql } from 'drizzle-orm';
import { CampaignChannel, CampaignStatus, campaigns } from '@/db/schema/campaigns';
import { deliveries, type DeliveryStatus } from '@/db/schema/sending';
import { contacts } from '@/db/schema/contacts';
import { AppError, notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { displayName } from '@/lib/names/display-name';
import { requeueFromReview, settleReviewsAsSent } from './review-outcomes';
import { wakeDispatchers } from './wakeup';

/**
 * Deliveries in review: handed to the transport, then the sender stopped or the provider did not
 * answer, so they probably left but nobody can confirm it. A person decides: sent (counted), or
 * send again (queued; it may arrive twice). Any signed-in member of the merchant may decide, as
 * any member may send, pause and stop its campaigns (no permission guards campaigns).
 */

/** Why a delivery is in review, for the dialog's wording. */
export type ReviewReason = 'stopped' | 'noAnswer' | 'other';

export interface ReviewItem {
  deliveryId: number;
  contactId: number;
  name: string;
  address: string;
  channel: 'email' | 'sms';
  /** When the message was handed to the transport. */
  at: string;
  reason: ReviewReason;
  /** The recorded reason as the engine wrote it. */
  detail: string | null;
}

export interface CampaignReviews {
  campaignId: number;
  campaignName: string;
  /** In review in all; `items` holds the oldest REVIEW_PAGE of them. */
  total: number;
  items: ReviewItem[];
  /** False for a stopped campaign: it sends nothing more, its rows can only be marked sent. */
  canResend: boolean;
}

export const REVIEW_PAGE = 200;

/** The campaign list's "N to check": deliveries in review per campaign of the page, in one query. */
export async function reviewCounts(ctx: ServiceContext, campaignIds: readonly number[]): Promise<Record<number, number>> {
  if (!campaignIds.length) return {};
  const ids = sql.join(campaignIds.map((id) => sql`${id}`), sql`, `);
  const rows = await ctx.db.execute<{ campaign_id: number; n: number }>(
    sql`select campaign_id, count(*)::int as n from deliveries
        where merchant_id = ${ctx.merchantId} and status = 'needs_review' and campaign_id in (${ids})
        group by campaign_id`,
  );
  return Object.fromEntries(rows.map((r) => [Number(r.campaign_id), Number(r.n)]));
}

/** The review dialog: a campaign's deliveries in review, oldest first. */
export async function campaignReviews(ctx: ServiceContext, campaignId: number): Promise<CampaignReviews> {
  const campaign = await ownCampaign(ctx, campaignId);
  const where = and(eq(deliveries.campaignId, campaignId), eq(deliveries.merchantId, ctx.merchantId), eq(deliveries.status, 'needs_review'));
  const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(deliveries).where(where);
  const rows = await ctx.db
    .select({
      id: deliveries.id,
      contactId: deliveries.contactId,
      channel: deliveries.channel,
      address: deliveries.toAddress,
      error: deliveries.error,
      at: sql<Date | string>`coalesce(${deliveries.attemptedAt}, ${deliveries.updatedAt})`,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(deliveries)
    .leftJoin(contacts, and(eq(contacts.id, deliveries.contactId), eq(contacts.merchantId, ctx.merchantId)))
    .where(where)
    .orderBy(deliveries.id)
    .limit(REVIEW_PAGE);
  return {
    campaignId,
    campaignName: campaign.name,
    total: Number(n),
    canResend: campaign.status !== CampaignStatus.STOPPED,
    items: rows.map((r) => ({
      deliveryId: r.id,
      contactId: r.contactId,
      name: displayName(r, ctx.locale),
      address: r.address,
      channel: r.channel === CampaignChannel.SMS ? 'sms' : 'email',
      at: new Date(r.at).toISOString(),
      reason: reviewReason(r.error),
      detail: r.error,
    })),
  };
}

/**
 * A person's verdict on one delivery in review: it did leave (counted as sent), or send it again
 * (queued, due now; a completed campaign sends again). Refused for a delivery not (or no longer)
 * in review, and "send again" for a stopped campaign.
 */
export async function resolveReview(ctx: ServiceContext, input: { deliveryId: number; verdict: 'sent' | 'resend' }): Promise<{ status: DeliveryStatus }> {
  const now = ctx.now();
  const mine = sql`deliveries.id = ${input.deliveryId} and deliveries.merchant_id = ${ctx.merchantId}`;
  if (input.verdict === 'sent') {
    const ids = await settleReviewsAsSent(ctx.db, mine, { now, detail: `marked as sent by user ${ctx.userId}` });
    if (ids.length) return { status: 'sent' };
  } else {
    const stoppedNot = sql`not exists (select 1 from campaigns c where c.id = deliveries.campaign_id and c.status = ${CampaignStatus.STOPPED})`;
    const rows = await requeueFromReview(ctx.db, sql`${mine} and ${stoppedNot}`, `sent again at the request of user ${ctx.userId}`, now);
    if (rows.length) {
      await wakeDispatchers(ctx.db);
      return { status: rows[0].status };
    }
  }
  const [row] = await ctx.db
    .select({ status: deliveries.status, campaignStatus: campaigns.status })
    .from(deliveries)
    .innerJoin(campaigns, eq(campaigns.id, deliveries.campaignId))
    .where(and(eq(deliveries.id, input.deliveryId), eq(deliveries.merchantId, ctx.merchantId)))
    .limit(1);
  if (!row) throw notFound();
  if (row.status === 'needs_review' && row.campaignStatus === CampaignStatus.STOPPED) throw new AppError('BAD_REQUEST', 'sending.errors.campaignStopped');
  throw new AppError('BAD_REQUEST', 'sending.errors.notInReview');
}

/** "Mark all as sent": every delivery of the campaign still in review. There is no bulk "send again". */
export async function markAllReviewsSent(ctx: ServiceContext, campaignId: number): Promise<{ marked: number }> {
  await ownCampaign(ctx, campaignId);
  const ids = await settleReviewsAsSent(ctx.db, sql`deliveries.campaign_id = ${campaignId} and deliveries.merchant_id = ${ctx.merchantId}`, {
    now: ctx.now(),
    detail: `marked as sent by user ${ctx.userId}`,
  });
  return { marked: ids.length };
}

async function ownCampaign(ctx: ServiceContext, campaignId: number) {
  const [campaign] = await ctx.db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.merchantId, ctx.merchantId)))
    .limit(1);
  if (!campaign) throw notFound('campaigns.errors.notFound');
  return campaign;
}

/** The engine's recorded reasons, read loosely: the wording of the transports may change. */
export function reviewReason(error: string | null): ReviewReason {
  if (!error) return 'other';
  if (/stopped/i.test(error)) return 'stopped';
  if (/no answer|timed out|after the message was sent|unanswered/i.test(error)) return 'noAnswer';
  return 'other';
}
