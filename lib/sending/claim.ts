import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sqlRows, ts } from '@/lib/db/rows';
import { CampaignStatus } from '@/db/schema/campaigns';
import { parseRange, parseRangeList, spanMinutes, type TimeRange } from '@/lib/schedule/time-range';
import { isSendAllowed, nextAllowedTime, nextBlockedTime } from '@/lib/schedule/clock';

export interface ClaimedDelivery {
  id: number;
  /** The claim's timestamp: the attempt marker proves the claim is still this dispatcher's. */
  claimedAt: Date;
  merchantId: number;
  campaignId: number;
  contactId: number;
  channel: number;
  attempts: number;
}

/**
 * Claims up to `limit` due deliveries of SENDING campaigns and marks them `sending` in the same
 * statement. SKIP LOCKED lets any number of dispatchers run side by side without taking the same
 * row; the status change is committed before any transport is called, so a crash afterwards
 * leaves the row `sending` (and later needs_review), never queued for a second send.
 */
export async function claimDueDeliveries(db: Db, now: Date, limit: number): Promise<ClaimedDelivery[]> {
  const rows = await sqlRows<{ id: number; merchant_id: number; campaign_id: number; contact_id: number; channel: number; attempts: number; updated_at: Date | string }>(
    db,
    sql`
      with due as (
        select d.id from deliveries d
        where d.status = 'queued' and d.next_attempt_at <= ${ts(now)}
          and exists (select 1 from campaigns c where c.id = d.campaign_id and c.status = ${CampaignStatus.SENDING})
        order by d.next_attempt_at, d.id
        limit ${limit}
        for update of d skip locked
      )
      update deliveries d set status = 'sending', attempts = d.attempts + 1, attempted_at = null, updated_at = ${ts(now)}
      from due where d.id = due.id
      returning d.id, d.merchant_id, d.campaign_id, d.contact_id, d.channel, d.attempts, d.updated_at`,
  );
  return rows.map((r) => ({ id: Number(r.id), claimedAt: new Date(r.updated_at), merchantId: Number(r.merchant_id), campaignId: Number(r.campaign_id), contactId: Number(r.contact_id), channel: Number(r.channel), attempts: Number(r.attempts) }));
}

/**
 * A delivery still `sending` long after its claim belongs to a dispatcher that died. If it was
 * handed to a transport (its attempt marker `attempted_at` is set), the message may or may not have
 * left: it is never sent again blindly, a person reviews it. If it never reached a transport,
 * it goes back to the queue. So a crash costs at most the messages in flight.
 */
export async function recoverStaleClaims(db: Db, now: Date, staleAfterMs: number): Promise<{ review: number; requeued: number }> {
  const cutoff = new Date(now.getTime() - staleAfterMs);
  const rows = await sqlRows<{ id: number; outcome: string }>(
    db,
    sql`
      with stale as (
        select d.id, d.attempted_at from deliveries d
        where d.status = 'sending' and d.updated_at < ${ts(cutoff)}
        for update skip locked
      ), attempted as (
        select s.id from stale s where s.attempted_at is not null
      ), review as (
        update deliveries d set status = 'needs_review', error = 'dispatcher stopped while sending', updated_at = ${ts(now)}
        from attempted a where d.id = a.id
        returning d.id, d.merchant_id
      ), review_events as (
        insert into delivery_events (merchant_id, delivery_id, type, detail, created_at)
        select merchant_id, id, 'needs_review', 'dispatcher stopped while sending', ${ts(now)} from review
      ), requeued as (
        update deliveries d set status = 'queued', attempts = greatest(d.attempts - 1, 0), updated_at = ${ts(now)}
        from stale s where d.id = s.id and s.id not in (select id from attempted)
        returning d.id
      )
      select id, 'review' as outcome from review union all select id, 'requeued' from requeued`,
  );
  return { review: rows.filter((r) => r.outcome === 'review').length, requeued: rows.filter((r) => r.outcome === 'requeued').length };
}

interface PacedCampaign {
  id: number;
  total_records: number;
  timezone: string;
  is_batch_send: number;
  delivery_window: string | null;
  avoid_hours: string | null;
}

/**
 * Applies each sending campaign's time rules to its queued rows, in its own time zone (DST-safe
 * through lib/schedule): outside the delivery window or inside quiet hours, due rows move to the
 * next allowed minute; inside the window, a batch campaign releases only its share for this tick.
 * The share is paced on one whole window (all its rows over the window's full length), not on
 * what is left of today's: a campaign started late in the window sends at that steady pace and
 * continues when the window opens the next day, instead of cramming everything into the last hour.
 */
export async function applyTimeRules(db: Db, now: Date, tickMs: number): Promise<void> {
  const campaigns = await sqlRows<PacedCampaign>(
    db,
    sql`select id, total_records, timezone, is_batch_send, delivery_window, avoid_hours from campaigns
        where status = ${CampaignStatus.SENDING}
          and ((is_batch_send = 1 and coalesce(delivery_window, '') <> '') or coalesce(avoid_hours, '') <> '')`,
  );
  for (const c of campaigns) {
    const window = c.is_batch_send === 1 ? parseRange(c.delivery_window) : null;
    const quiet = parseRangeList(c.avoid_hours) ?? [];
    if (!isSendAllowed(now, window, quiet, c.timezone)) {
      const next = nextAllowedTime(now, window, quiet, c.timezone);
      if (!next) continue;
      await db.execute(sql`update deliveries set next_attempt_at = ${ts(next)}
        where campaign_id = ${c.id} and status = 'queued' and next_attempt_at < ${ts(next)}`);
      continue;
    }
    if (!window) continue;
    const blockedAt = nextBlockedTime(now, window, quiet, c.timezone);
    const [{ due }] = await sqlRows<{ due: number }>(db, sql`select count(*)::int as due from deliveries where campaign_id = ${c.id} and status = 'queued' and next_attempt_at <= ${ts(now)}`);
    if (!due || !blockedAt) continue;
    const share = batchShare(Number(c.total_records) || due, window, tickMs);
    if (share >= due) continue;
    await db.execute(sql`update deliveries set next_attempt_at = ${ts(new Date(now.getTime() + tickMs))}
      where id in (select id from deliveries where campaign_id = ${c.id} and status = 'queued' and next_attempt_at <= ${ts(now)}
                   order by next_attempt_at, id offset ${share})`);
  }
}

/** Rows a batch campaign may release per tick: its rows spread evenly over one full window. */
export function batchShare(total: number, window: TimeRange, tickMs: number): number {
  return Math.max(1, Math.ceil((total * tickMs) / (spanMinutes(window) * 60_000)));
}

/**
 * Per campaign, the instant its time rules stop allowing messages (window closes, quiet hours
 * begin) after `now`; campaigns without rules are absent. The dispatcher checks it before each
 * message, so a batch claimed just before quiet hours does not run on into them.
 */
export async function sendingDeadlines(db: Db, campaignIds: number[], now: Date): Promise<Map<number, Date>> {
  const out = new Map<number, Date>();
  if (!campaignIds.length) return out;
  const ids = sql.join(campaignIds.map((id) => sql`${id}`), sql`, `);
  const rows = await sqlRows<PacedCampaign>(db, sql`select id, total_records, timezone, is_batch_send, delivery_window, avoid_hours from campaigns where id in (${ids})`);
  for (const c of rows) {
    const window = c.is_batch_send === 1 ? parseRange(c.delivery_window) : null;
    const quiet = parseRangeList(c.avoid_hours) ?? [];
    if (!window && !quiet.length) continue;
    const blocked = nextBlockedTime(now, window, quiet, c.timezone);
    if (blocked) out.set(Number(c.id), blocked);
  }
  return out;
}

/** SENDING campaigns with nothing left to send become COMPLETED. */
export async function completeFinishedCampaigns(db: Db, now: Date): Promise<number> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`update campaigns c set status = ${CampaignStatus.COMPLETED}, updated_at = ${ts(now)}, version = c.version + 1
        where c.status = ${CampaignStatus.SENDING}
          and not exists (select 1 from deliveries d where d.campaign_id = c.id and d.status in ('queued', 'sending'))
        returning c.id`,
  );
  return rows.length;
}
