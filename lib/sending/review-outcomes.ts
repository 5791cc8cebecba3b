import { sql, type SQL } from 'drizzle-orm';
import { sentBookkeeping } from './sent-bookkeeping';
import type { Db } from '@/db/client';
import { CampaignStatus } from '@/db/schema/campaigns';
import { ts } from '@/db/timestamp';

/**
 * The ways out of review, shared by a person's verdict (review.ts) and Twilio's answer
 * (twilio-review.ts). Each is one statement guarded on status = 'needs_review', so whichever
 * comes second (a merchant and the Twilio check, two tabs, two workers) changes nothing.
 * `filter` narrows the rows (by id or campaign, and by merchant for a person), naming columns
 * as `deliveries.<column>`.
 */

export interface SentVerdict {
  /** When it left (Twilio's date); else the attempt's time. A sent_at already recorded is kept. */
  at?: Date | null;
  now: Date;
  /** The provider's id when now known (Twilio's sid). */
  messageId?: string | null;
  detail: string;
  /** The provider reports it delivered: the 'delivered' event too. */
  delivered?: boolean;
}

/** Counted as sent, with its event, the contact's last activity and the campaign's count. Answers the ids. */
export async function settleReviewsAsSent(db: Db, filter: SQL, verdict: SentVerdict): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(
    sql`with d as (
          update deliveries set status = 'sent', sent_at = coalesce(sent_at, ${verdict.at ? ts(verdict.at) : sql`null::timestamptz`}, attempted_at, ${ts(verdict.now)}),
            provider_message_id = coalesce(${verdict.messageId ?? null}::text, provider_message_id),
            error = null, claim_token = null, updated_at = ${ts(verdict.now)}
          where status = 'needs_review' and ${filter}
          returning id, merchant_id, campaign_id, contact_id, sent_at
        ), events as (
          insert into delivery_events (merchant_id, delivery_id, type, detail, created_at)
          select merchant_id, id, 'sent', ${verdict.detail}, ${ts(verdict.now)} from d
          union all
          select merchant_id, id, 'delivered', ${verdict.detail}, ${ts(verdict.now)} from d where ${verdict.delivered === true}::boolean
        ), ${sentBookkeeping('d')}
        select id from d`,
  );
  return rows.map((r) => Number(r.id));
}

/** The provider refused it after all (Twilio: failed, undelivered): failed, with the reason. */
export async function settleReviewAsFailed(db: Db, filter: SQL, reason: string, now: Date, messageId?: string | null): Promise<number[]> {
  const detail = reason.slice(0, 500);
  const rows = await db.execute<{ id: number }>(
    sql`with d as (
          update deliveries set status = 'failed', error = ${detail}, provider_message_id = coalesce(${messageId ?? null}::text, provider_message_id),
            claim_token = null, updated_at = ${ts(now)}
          where status = 'needs_review' and ${filter}
          returning id, merchant_id
        ), events as (
          insert into delivery_events (merchant_id, delivery_id, type, detail, created_at) select merchant_id, id, 'failed', ${detail}, ${ts(now)} from d
        )
        select id from d`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * It did not leave (a person says so, or Twilio does not know it): queued again, due now. A
 * campaign that completed meanwhile sends again (COMPLETED -> SENDING; the engine completes it
 * once more when the row is done); a paused one sends it on resume; of a stopped campaign the row
 * is cancelled, as stopping cancels every queued row.
 */
export async function requeueFromReview(db: Db, filter: SQL, detail: string, now: Date): Promise<{ id: number; status: 'queued' | 'cancelled' }[]> {
  const rows = await db.execute<{ id: number; status: 'queued' | 'cancelled' }>(
    sql`with d as (
          update deliveries set
            status = case when exists (select 1 from campaigns c where c.id = deliveries.campaign_id and c.status = ${CampaignStatus.STOPPED}) then 'cancelled' else 'queued' end,
            error = null, attempted_at = null, claim_token = null, next_attempt_at = ${ts(now)}, updated_at = ${ts(now)}
          where deliveries.status = 'needs_review' and ${filter}
          returning deliveries.id, deliveries.merchant_id, deliveries.campaign_id, deliveries.status
        ), events as (
          insert into delivery_events (merchant_id, delivery_id, type, detail, created_at) select merchant_id, id, 'retry', ${detail}, ${ts(now)} from d where status = 'queued'
        ), reopened as (
          update campaigns set status = ${CampaignStatus.SENDING}, version = version + 1, updated_at = ${ts(now)}
          where status = ${CampaignStatus.COMPLETED} and id in (select campaign_id from d where status = 'queued')
        )
        select id, status from d`,
  );
  return rows.map((r) => ({ id: Number(r.id), status: r.status }));
}
