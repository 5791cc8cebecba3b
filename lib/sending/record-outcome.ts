import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { ts } from '@/db/timestamp';
import { CampaignStatus } from '@/db/schema/campaigns';
import type { SkipReason } from './eligibility';

/** A claimed delivery as its outcome names it: the row and the claim's fence (claim.ts). */
export interface ClaimRef {
  deliveryId: number;
  claimToken: string;
}

/**
 * The outcomes other than sent (attempts-and-sent.ts): each is one statement, the delivery's new
 * state and its event committing together. Every update is fenced on the row itself: status
 * `sending` and this claim's token (an UPDATE's own WHERE is re-checked after a lock wait), so a
 * row recovery took back, or one already moved on (reviewed, cancelled), is left alone. Each
 * clears the token: the claim ends here.
 */
export async function recordSkipped(db: Db, claim: ClaimRef, reason: SkipReason, now: Date): Promise<void> {
  await settleSending(db, claim, 'skipped', reason, now);
}

export async function recordFailed(db: Db, claim: ClaimRef, reason: string, now: Date): Promise<void> {
  await settleSending(db, claim, 'failed', reason, now);
}

/** A temporary failure: back to the queue, due again after `retryAt`. */
export async function recordRetry(db: Db, claim: ClaimRef, reason: string, retryAt: Date, now: Date): Promise<void> {
  await db.execute(sql`
    with d as (
      update deliveries set status = 'queued', claim_token = null, error = ${reason.slice(0, 500)}, next_attempt_at = ${ts(retryAt)}, updated_at = ${ts(now)}
      where id = ${claim.deliveryId} and claim_token = ${claim.claimToken} and status = 'sending' returning id, merchant_id
    )
    insert into delivery_events (merchant_id, delivery_id, type, detail, created_at) select merchant_id, id, 'retry', ${reason.slice(0, 500)}, ${ts(now)} from d`);
}

/**
 * The campaign was paused after the claim (or its time rules now forbid sending): the row goes
 * back untouched (its attempt uncounted); cancelled instead when the campaign was stopped.
 */
export async function releaseClaim(db: Db, claim: ClaimRef, now: Date): Promise<void> {
  await db.execute(sql`update deliveries d
    set status = case when exists (select 1 from campaigns c where c.id = d.campaign_id and c.status = ${CampaignStatus.STOPPED}) then 'cancelled' else 'queued' end,
        claim_token = null, attempts = greatest(d.attempts - 1, 0), updated_at = ${ts(now)}
    where d.id = ${claim.deliveryId} and d.claim_token = ${claim.claimToken} and d.status = 'sending'`);
}

/**
 * The transport was down (refused, timed out before greeting, its circuit breaker open): nothing
 * was handed over, so the row goes back to the queue due at once, its attempt uncounted and with
 * no back-off (an outage is not the message's fault). Its marker, if one was written (SMS), is
 * cleared: this attempt provably never reached the provider.
 */
export async function releaseUnsent(db: Db, claim: ClaimRef, reason: string, now: Date): Promise<void> {
  await db.execute(sql`update deliveries
    set status = 'queued', claim_token = null, attempted_at = null, attempts = greatest(attempts - 1, 0), error = ${reason.slice(0, 500)}, updated_at = ${ts(now)}
    where id = ${claim.deliveryId} and claim_token = ${claim.claimToken} and status = 'sending'`);
}

/**
 * The transport answered ambiguously after the message was handed over (it may have been
 * accepted): never requeued, a person reviews it, like a claim a crashed dispatcher left behind.
 */
export async function recordNeedsReview(db: Db, claim: ClaimRef, reason: string, now: Date): Promise<void> {
  await settleSending(db, claim, 'needs_review', reason, now);
}

/** A final outcome of a delivery being sent, with its event; a row no longer ours is left. */
async function settleSending(db: Db, claim: ClaimRef, status: 'skipped' | 'failed' | 'needs_review', reason: string, now: Date): Promise<void> {
  const detail = reason.slice(0, 500);
  await db.execute(sql`
    with d as (
      update deliveries set status = ${status}, claim_token = null, error = ${detail}, updated_at = ${ts(now)}
      where id = ${claim.deliveryId} and claim_token = ${claim.claimToken} and status = 'sending' returning id, merchant_id
    )
    insert into delivery_events (merchant_id, delivery_id, type, detail, created_at) select merchant_id, id, ${status}, ${detail}, ${ts(now)} from d`);
}

/** Back-off for temporary failures: 1 min, 5 min, 30 min, 2 h; then the delivery fails. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
