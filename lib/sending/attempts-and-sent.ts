import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rowsOf } from '@/lib/db/rows';
import { preparedSql } from '@/lib/db/prepared';
import { CampaignStatus } from '@/db/schema/campaigns';

/** An attempt marker's answer: go ahead, the campaign stopped sending (row released), or not ours. */
export type AttemptVerdict = 'ours' | 'released';

export interface AttemptItem {
  deliveryId: number;
  /** The claim's timestamp: the marker proves the claim is still this dispatcher's. */
  claimedAt: Date;
}

export interface SentItem {
  deliveryId: number;
  providerMessageId: string;
  at: Date;
}

/**
 * The two writes every message needs, for many messages in one statement (the dispatcher's
 * group commit: one round trip serves the markers of the messages about to go and the records of
 * those that went).
 *
 * Attempt markers are written just before a transport is called, only while the claim is still
 * ours (same status, same claim time): a dispatcher whose stale claim was taken back never sends.
 * The statement re-checks each campaign's status: its rows are read FOR KEY SHARE, so a pause or
 * stop (which locks the row FOR UPDATE) is ordered strictly before or after it. (Not FOR SHARE:
 * that also conflicts with the sent records' count update of the same row from another
 * dispatcher.) Rows of a campaign no longer SENDING go back to the queue (cancelled when it was
 * stopped) and are not sent; so after a pause commits, only messages already past their marker
 * can still leave. Ids missing from the answer lost their claim.
 *
 * Sent records: the delivery's new state, its event, the contact's last activity and the
 * campaign's count change commit together, so successRecords stays exact whatever crashes in
 * between. A delivery listed twice counts once; a row no longer `sending` is left alone.
 *
 * With markers in it, the statement waits for the disk at commit (a marker is what prevents a
 * second send). Records alone commit without the wait (synchronous_commit off for this
 * transaction): lost in a database crash, the row stays `sending` with its marker and goes to
 * review, never out again.
 */
export async function commitAttemptsAndSent(db: Db, attempts: readonly AttemptItem[], sent: readonly SentItem[], now: Date): Promise<Map<number, AttemptVerdict>> {
  if (!attempts.length && !sent.length) return new Map();
  const rows = rowsOf<{ id: number; verdict: AttemptVerdict }>(
    await statement(db, {
      commit: attempts.length ? 'on' : 'off',
      attempts: JSON.stringify(attempts.map((i) => ({ id: i.deliveryId, claimed_at: i.claimedAt.toISOString() }))),
      sent: JSON.stringify(sent.map((i) => ({ id: i.deliveryId, message_id: i.providerMessageId, at: i.at.toISOString() }))),
      now: now.toISOString(),
    }),
  );
  return new Map(rows.map((r) => [Number(r.id), r.verdict]));
}

/** One attempt marker (true: ours to send). */
export async function markAttempt(db: Db, deliveryId: number, claimedAt: Date, now: Date): Promise<boolean> {
  return (await commitAttemptsAndSent(db, [{ deliveryId, claimedAt }], [], now)).get(deliveryId) === 'ours';
}

const now = sql`${sql.placeholder('now')}::timestamptz`;

/**
 * Prepared once, so planned without the input: the rows are looked up by key
 * (`id = any(array(...))`). Joined on the input alone, PostgreSQL scanned every `sending` row
 * through an index led by another column, 2.4 ms per statement mid-campaign (bench/RESULTS.md).
 */
const statement = preparedSql(
  'attempts_and_sent',
  sql`with commit_mode as (
        select set_config('synchronous_commit', ${sql.placeholder('commit')}, true) as mode
      ), a as (
        select id, claimed_at from jsonb_to_recordset(${sql.placeholder('attempts')}::jsonb) as x(id integer, claimed_at timestamptz)
      ), mine as (
        select d.id, d.campaign_id from deliveries d join a on a.id = d.id
        where d.id = any(array(select id from a)) and d.status = 'sending' and d.updated_at = a.claimed_at
      ), live as (
        select c.id, c.status from campaigns c where c.id in (select campaign_id from mine) for key share
      ), marked as (
        update deliveries set attempted_at = ${now}, updated_at = ${now} from mine join live on live.id = mine.campaign_id
        where deliveries.id = mine.id and live.status = ${CampaignStatus.SENDING}
        returning deliveries.id
      ), released as (
        update deliveries set status = case when live.status = ${CampaignStatus.STOPPED} then 'cancelled' else 'queued' end,
          attempts = greatest(deliveries.attempts - 1, 0), updated_at = ${now}
        from mine join live on live.id = mine.campaign_id
        where deliveries.id = mine.id and live.status <> ${CampaignStatus.SENDING}
        returning deliveries.id
      ), s as (
        select distinct on (id) id, message_id, at from jsonb_to_recordset(${sql.placeholder('sent')}::jsonb) as x(id integer, message_id text, at timestamptz) order by id
      ), sent as (
        update deliveries set status = 'sent', sent_at = s.at, provider_message_id = s.message_id, error = null, updated_at = s.at
        from s where deliveries.id = s.id and deliveries.id = any(array(select id from s)) and deliveries.status = 'sending'
        returning deliveries.id, deliveries.merchant_id, deliveries.campaign_id, deliveries.contact_id, deliveries.sent_at
      ), sent_events as (
        insert into delivery_events (merchant_id, delivery_id, type, created_at) select merchant_id, id, 'sent', sent_at from sent
      ), activity as (
        update contacts set last_activity_at = greatest(coalesce(last_activity_at, x.at), x.at)
        from (select contact_id, max(sent_at) as at from sent group by contact_id) x where contacts.id = x.contact_id
      ), counts as (
        update campaigns set success_records = success_records + n.sent
        from (select campaign_id, count(*)::int as sent from sent group by campaign_id) n where campaigns.id = n.campaign_id
      )
      select id, 'ours' as verdict from marked union all select id, 'released' from released
      union all select null, null from commit_mode where mode is null`,
);
