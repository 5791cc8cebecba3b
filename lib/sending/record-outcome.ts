import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sqlRows, ts } from '@/lib/db/rows';
import { CampaignStatus } from '@/db/schema/campaigns';
import type { SkipReason } from './eligibility';

/**
 * Each outcome is one statement: the delivery's new state, its event, and the campaign's count
 * change commit together, so successRecords stays exact whatever crashes in between.
 * Every update requires status 'sending': a row already moved on (reviewed, cancelled) is left alone.
 */
export async function recordSent(db: Db, deliveryId: number, providerMessageId: string, now: Date): Promise<void> {
  await recordSentMany(db, [{ deliveryId, providerMessageId, at: now }]);
}

export interface SentItem {
  deliveryId: number;
  providerMessageId: string;
  at: Date;
}

/**
 * Many sent outcomes in one statement (the dispatcher's group commit): the same rows, events and
 * count changes as one recordSent each, committed together. A delivery listed twice counts once.
 *
 * Committed without waiting for the disk (synchronous_commit off for this transaction only): if
 * the database itself crashed before the write reached the disk, the row would still be `sending`
 * with its attempt marker, and so go to review, never out again. The attempt marker, which is what
 * prevents a second send, keeps the disk wait; this one no longer queues behind it.
 */
export async function recordSentMany(db: Db, items: readonly SentItem[]): Promise<void> {
  if (!items.length) return;
  const input = JSON.stringify(items.map((i) => ({ id: i.deliveryId, message_id: i.providerMessageId, at: i.at.toISOString() })));
  await db.execute(sql`
    with async_commit as (
      select set_config('synchronous_commit', 'off', true)
    ), i as (
      select distinct on (id) id, message_id, at from jsonb_to_recordset(${input}::jsonb) as x(id integer, message_id text, at timestamptz) order by id
    ), d as (
      update deliveries set status = 'sent', sent_at = i.at, provider_message_id = i.message_id, error = null, updated_at = i.at
      from i where deliveries.id = i.id and deliveries.status = 'sending'
      returning deliveries.id, deliveries.merchant_id, deliveries.campaign_id, deliveries.contact_id, deliveries.sent_at
    ), e as (
      insert into delivery_events (merchant_id, delivery_id, type, created_at) select merchant_id, id, 'sent', sent_at from d
    ), k as (
      update contacts set last_activity_at = greatest(coalesce(last_activity_at, x.at), x.at)
      from (select contact_id, max(sent_at) as at from d group by contact_id) x where contacts.id = x.contact_id
    )
    update campaigns set success_records = success_records + n.sent
    from (select campaign_id, count(*)::int as sent from d group by campaign_id) n, async_commit where campaigns.id = n.campaign_id`);
}

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
 * Written just before a transport is called, only while the claim is still ours (same status,
 * same claim time): a dispatcher whose stale claim was taken back never sends.
 */
export async function markAttempt(db: Db, deliveryId: number, claimedAt: Date, now: Date): Promise<boolean> {
  return (await markAttempts(db, [{ deliveryId, claimedAt }], now)).get(deliveryId) === 'ours';
}

/** An attempt marker's answer: go ahead, the campaign stopped sending (row released), or not ours. */
export type AttemptVerdict = 'ours' | 'released';

/**
 * markAttempt for many deliveries in one statement, which also re-checks each campaign's status
 * just before its messages go: the campaign rows are read FOR KEY SHARE, so a pause or stop (which
 * locks the row FOR UPDATE) is ordered strictly before or after this statement. (Not FOR SHARE:
 * that also conflicts with the sent records' count update of the same row, and every attempt
 * marker then queued behind a sent record and the other way round.) Rows of a
 * campaign no longer SENDING go back to the queue (cancelled when it was stopped) and are not
 * sent; so after a pause commits, only messages already past their marker can still leave.
 * Ids missing from the answer lost their claim.
 */
export async function markAttempts(db: Db, items: readonly { deliveryId: number; claimedAt: Date }[], now: Date): Promise<Map<number, AttemptVerdict>> {
  if (!items.length) return new Map();
  const input = JSON.stringify(items.map((i) => ({ id: i.deliveryId, claimed_at: i.claimedAt.toISOString() })));
  const rows = await sqlRows<{ id: number; verdict: AttemptVerdict }>(
    db,
    sql`with i as (
          select id, claimed_at from jsonb_to_recordset(${input}::jsonb) as x(id integer, claimed_at timestamptz)
        ), mine as (
          select d.id, d.campaign_id from deliveries d join i on i.id = d.id
          where d.status = 'sending' and d.updated_at = i.claimed_at
        ), live as (
          select c.id, c.status from campaigns c where c.id in (select campaign_id from mine) for key share
        ), d as (
          update deliveries set attempted_at = ${ts(now)}, updated_at = ${ts(now)} from mine join live on live.id = mine.campaign_id
          where deliveries.id = mine.id and live.status = ${CampaignStatus.SENDING}
          returning deliveries.id
        ), released as (
          update deliveries set status = case when live.status = ${CampaignStatus.STOPPED} then 'cancelled' else 'queued' end,
            attempts = greatest(deliveries.attempts - 1, 0), updated_at = ${ts(now)}
          from mine join live on live.id = mine.campaign_id
          where deliveries.id = mine.id and live.status <> ${CampaignStatus.SENDING}
          returning deliveries.id
        )
        select id, 'ours' as verdict from d union all select id, 'released' from released`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.verdict]));
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
