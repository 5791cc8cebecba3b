import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { ts } from '@/lib/db/rows';
import { CampaignStatus } from '@/db/schema/campaigns';
import type { SkipReason } from './eligibility';

/**
 * The outcomes other than sent (attempts-and-sent.ts): each is one statement, the delivery's new
 * state and its event committing together. Every update requires status 'sending': a row already
 * moved on (reviewed, cancelled) is left alone.
 */
export async function recordSkipped(db: Db, deliveryId: number, reason: SkipReason, now: Date): Promise<void> {
  await settleSending(db, deliveryId, 'skipped', reason, now);
}

export async function recordFailed(db: Db, deliveryId: number, reason: string, now: Date): Promise<void> {
  await settleSending(db, deliveryId, 'failed', reason, now);
}

/** A temporary failure: back to the queue, due again after `retryAt`. */
export async function recordRetry(db: Db, deliveryId: number, reason: string, retryAt: Date, now: Date): Promise<void> {
  await db.execute(sql`
    with d as (
      update deliveries set status = 'queued', error = ${reason.slice(0, 500)}, next_attempt_at = ${ts(retryAt)}, updated_at = ${ts(now)}
      where id = ${deliveryId} and status = 'sending' returning id, merchant_id
    )
    insert into delivery_events (merchant_id, delivery_id, type, detail, created_at) select merchant_id, id, 'retry', ${reason.slice(0, 500)}, ${ts(now)} from d`);
}

/**
 * The campaign was paused after the claim (or its time rules now forbid sending): the row goes
 * back untouched (its attempt uncounted); cancelled instead when the campaign was stopped.
 */
export async function releaseClaim(db: Db, deliveryId: number, now: Date): Promise<void> {
  await db.execute(sql`update deliveries d
    set status = case when exists (select 1 from campaigns c where c.id = d.campaign_id and c.status = ${CampaignStatus.STOPPED}) then 'cancelled' else 'queued' end,
        attempts = greatest(d.attempts - 1, 0), updated_at = ${ts(now)}
    where d.id = ${deliveryId} and d.status = 'sending'`);
}

/**
 * The transport answered ambiguously after the message was handed over (it may have been
 * accepted): never requeued, a person reviews it, like a claim a crashed dispatcher left behind.
 */
export async function recordNeedsReview(db: Db, deliveryId: number, reason: string, now: Date): Promise<void> {
  await settleSending(db, deliveryId, 'needs_review', reason, now);
}

/** A final outcome of a delivery being sent, with its event; a row no longer `sending` is left. */
async function settleSending(db: Db, deliveryId: number, status: 'skipped' | 'failed' | 'needs_review', reason: string, now: Date): Promise<void> {
  const detail = reason.slice(0, 500);
  await db.execute(sql`
    with d as (
      update deliveries set status = ${status}, error = ${detail}, updated_at = ${ts(now)}
      where id = ${deliveryId} and status = 'sending' returning id, merchant_id
    )
    insert into delivery_events (merchant_id, delivery_id, type, detail, created_at) select merchant_id, id, ${status}, ${detail}, ${ts(now)} from d`);
}

/** Back-off for temporary failures: 1 min, 5 min, 30 min, 2 h; then the delivery fails. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
