import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { ts } from '@/db/timestamp';
import { CampaignStatus } from '@/db/schema/campaigns';
import { parseRange, parseRangeList, spanMinutes, type TimeRange } from '@/lib/schedule/time-range';
import { isSendAllowed, nextAllowedTime, nextBlockedTime } from '@/lib/schedule/clock';

export interface ClaimedDelivery {
  id: number;
  /** The claim's fence: every later write of this send requires it on the row (attempts-and-sent.ts). */
  claimToken: string;
  claimedAt: Date;
  merchantId: number;
  campaignId: number;
  contactId: number;
  channel: number;
  attempts: number;
}

export interface ClaimOptions {
  /** Only rows of these channels (0 e-mail, 1 SMS): a transport that is down is not claimed for. */
  channels?: readonly number[];
}

/**
 * Claims up to `limit` due deliveries of SENDING campaigns and marks them `sending` in the same
 * statement, each with a fresh claim token. SKIP LOCKED lets any number of dispatchers run side
 * by side without taking the same row; the status change is committed before any transport is
 * called, so a crash afterwards leaves the row `sending`, never queued for a second send.
 *
 * Merchants take turns: the merchants with queued rows are found by a skip scan of a
 * merchant-led index (one index probe per merchant, not one per row), each is probed for a due row
 * on deliveries_claim_idx (merchant, next attempt, id), and each merchant with due
 * rows gets an equal share of the batch, so one merchant's 100,000 due rows cannot hold back
 * another's 10. The final UPDATE re-checks `queued` on the row itself.
 */
export async function claimDueDeliveries(db: Db, now: Date, limit: number, options: ClaimOptions = {}): Promise<ClaimedDelivery[]> {
  const channels = options.channels ?? [0, 1];
  if (!channels.length || limit <= 0) return [];
  const channelList = sql.join(channels.map((c) => sql`${c}`), sql`, `);
  const due = sql`d.status = 'queued' and d.next_attempt_at <= ${ts(now)} and d.channel in (${channelList})
    and exists (select 1 from campaigns c where c.id = d.campaign_id and c.status = ${CampaignStatus.SENDING})`;
  const rows = await db.execute<{ id: number; claim_token: string; merchant_id: number; campaign_id: number; contact_id: number; channel: number; attempts: number; updated_at: Date | string }>(
    sql`
      with recursive queued_merchants (merchant_id) as (
        (select merchant_id from deliveries where status = 'queued' order by merchant_id limit 1)
        union all
        select (select d.merchant_id from deliveries d where d.status = 'queued' and d.merchant_id > q.merchant_id order by d.merchant_id limit 1)
        from queued_merchants q where q.merchant_id is not null
      ), due_merchants as (
        -- A LATERAL probe with LIMIT 1 rather than EXISTS: PostgreSQL turned EXISTS into a
        -- semi-join that read every queued row (48 ms at 100,000); ordered like deliveries_claim_idx,
        -- the probe is an index lookup.
        select q.merchant_id from queued_merchants q
        cross join lateral (select 1 from deliveries d where d.merchant_id = q.merchant_id and ${due} order by d.next_attempt_at limit 1) first_due
        where q.merchant_id is not null
      ), share as (
        select ceil(${limit}::numeric / greatest(count(*), 1))::int as n from due_merchants
      ), picked as (
        select p.id from due_merchants m cross join lateral (
          select d.id from deliveries d
          where d.merchant_id = m.merchant_id and ${due}
          order by d.next_attempt_at, d.id
          limit (select n from share)
          for update of d skip locked
        ) p
        limit ${limit}
      )
      update deliveries d set status = 'sending', attempts = d.attempts + 1, attempted_at = null, claim_token = gen_random_uuid(), updated_at = ${ts(now)}
      from picked where d.id = picked.id and d.status = 'queued'
      returning d.id, d.claim_token, d.merchant_id, d.campaign_id, d.contact_id, d.channel, d.attempts, d.updated_at`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    claimToken: String(r.claim_token),
    claimedAt: new Date(r.updated_at),
    merchantId: Number(r.merchant_id),
    campaignId: Number(r.campaign_id),
    contactId: Number(r.contact_id),
    channel: Number(r.channel),
    attempts: Number(r.attempts),
  }));
}

/**
 * A delivery still `sending` long after its claim belongs to a dispatcher that died (or is stuck).
 * If it was handed to a transport (its attempt marker `attempted_at` is set), the message may or
 * may not have left: it is never sent again blindly, a person reviews it. If it never reached a
 * transport, it goes back to the queue with its claim token cleared, so the old dispatcher's
 * marker, if it still comes, finds the row no longer its own.
 *
 * A row put up for review keeps its token: it names the attempt that may have sent, and that
 * dispatcher's sent record (if it is alive and got the server's acceptance) settles the row as
 * sent (attempts-and-sent.ts). Any other change of a reviewed row changes its status, which the
 * sent record also requires.
 */
export async function recoverStaleClaims(db: Db, now: Date, staleAfterMs: number): Promise<{ review: number; requeued: number }> {
  const rows = await db.execute<{ id: number; outcome: string }>(
    sql`
      with stale as (
        select d.id, d.attempted_at from deliveries d
        where ${staleClaimsOf(now, staleAfterMs)}
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
        update deliveries d set status = 'queued', claim_token = null, attempts = greatest(d.attempts - 1, 0), updated_at = ${ts(now)}
        from stale s where d.id = s.id and s.id not in (select id from attempted)
        returning d.id
      )
      select id, 'review' as outcome from review union all select id, 'requeued' from requeued`,
  );
  return { review: rows.filter((r) => r.outcome === 'review').length, requeued: rows.filter((r) => r.outcome === 'requeued').length };
}

/**
 * Deliveries (alias `d`) claimed before the cutoff and still in flight. Recovery runs every round,
 * so it reads them from deliveries_sending_idx, which holds only the rows in flight, never the
 * table (migration 0031).
 */
export function staleClaimsOf(now: Date, staleAfterMs: number): SQL {
  return sql`d.status = 'sending' and d.updated_at < ${ts(new Date(now.getTime() - staleAfterMs))}`;
}

type PacedCampaign = {
  id: number;
  total_records: number;
  timezone: string;
  is_batch_send: number;
  delivery_window: string | null;
  avoid_hours: string | null;
};

/**
 * Applies each sending campaign's time rules to its queued rows, in its own time zone (DST-safe
 * through lib/schedule): outside the delivery window or inside quiet hours, due rows move to the
 * next allowed minute; inside the window, a batch campaign releases only its share for this tick.
 * The share is paced on one whole window (all its rows over the window's full length), not on
 * what is left of today's: a campaign started late in the window sends at that steady pace and
 * continues when the window opens the next day, instead of cramming everything into the last hour.
 */
export async function applyTimeRules(db: Db, now: Date, tickMs: number): Promise<void> {
  const campaigns = await db.execute<PacedCampaign>(
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
    const [{ due }] = await db.execute<{ due: number }>(sql`select count(*)::int as due from deliveries where campaign_id = ${c.id} and status = 'queued' and next_attempt_at <= ${ts(now)}`);
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
  const rows = await db.execute<PacedCampaign>(sql`select id, total_records, timezone, is_batch_send, delivery_window, avoid_hours from campaigns where id in (${ids})`);
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
  const rows = await db.execute<{ id: number }>(
    sql`update campaigns c set status = ${CampaignStatus.COMPLETED}, updated_at = ${ts(now)}, version = c.version + 1
        where c.status = ${CampaignStatus.SENDING}
          and not exists (select 1 from deliveries d where d.campaign_id = c.id and d.status in ('queued', 'sending'))
        returning c.id`,
  );
  return rows.length;
}
