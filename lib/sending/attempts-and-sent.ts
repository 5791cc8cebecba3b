import { sql } from 'drizzle-orm';
import { sentBookkeeping } from './sent-bookkeeping';
import type { Db } from '@/db/client';
import { preparedSql } from '@/lib/db/prepared';
import { CampaignStatus } from '@/db/schema/campaigns';
import type { StoredContent } from './sent-content';

/** An attempt marker's answer: go ahead, or the campaign stopped sending (row released). Absent: not ours. */
export type AttemptVerdict = 'ours' | 'released';

export interface AttemptItem {
  deliveryId: number;
  /** The claim's token: the marker proves the claim is still this dispatcher's. */
  claimToken: string;
  /** What is about to be sent, kept with the delivery (message_contents by content hash). */
  content: StoredContent;
  templateVersion: number | null;
}

export interface SentItem {
  deliveryId: number;
  claimToken: string;
  providerMessageId: string;
  at: Date;
}

/**
 * The two writes every message needs, for many messages in one statement (one round trip serves
 * the markers of the messages about to go and the records of those that went).
 *
 * Fencing: every write is an UPDATE whose own WHERE requires the row's id, its claim token and its
 * status. PostgreSQL re-evaluates an UPDATE's WHERE on the newest version of a row it had to wait
 * for (a CTE's SELECT would not: it reads the statement's starting snapshot), so when stale-claim
 * recovery re-queues a row (clearing its token) while this statement waits on the row's lock, the
 * marker finds the row no longer ours and the dispatcher never sends
 * (tests/integration/sending-fencing.test.ts).
 *
 * Attempt markers are written just before the message is handed over. The marker also stores
 * what is sent: the rendered content (message_contents, shared by identical renders of one
 * merchant) and the template version, on the delivery. The statement re-checks each campaign's
 * status: its rows are read FOR KEY SHARE, so a pause or stop (which locks the row FOR UPDATE) is
 * ordered strictly before or after it. (Not FOR SHARE: that also conflicts with the sent records'
 * count update of the same row from another dispatcher.) Rows of a campaign no longer SENDING go
 * back to the queue (cancelled when it was stopped) and are not sent.
 *
 * Sent records: the delivery's new state, its event, the contact's last activity and the
 * campaign's count change commit together, so successRecords stays exact whatever crashes in
 * between. A delivery listed twice counts once. A record settles a row still `sending` with its
 * token, or one that recovery already put up for review under the same token (the server accepted
 * the message: it is sent, not in doubt).
 *
 * With markers in it, the statement waits for the disk at commit (a marker is what prevents a
 * second send). Records alone commit without the wait (synchronous_commit off for this
 * transaction): lost in a database crash, the row stays `sending` with its marker and goes to
 * review, never out again.
 */
export async function commitAttemptsAndSent(db: Db, attempts: readonly AttemptItem[], sent: readonly SentItem[], now: Date): Promise<Map<number, AttemptVerdict>> {
  if (!attempts.length && !sent.length) return new Map();
  // In hash order: statements running at once insert shared contents in the same order (no deadlock).
  const contents = new Map(attempts.map((i) => [i.content.hash, i.content] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const rows = await statement(db, {
    commit: attempts.length ? 'on' : 'off',
    attempts: JSON.stringify(attempts.map((i) => ({ id: i.deliveryId, token: i.claimToken, hash: i.content.hash, template_version: i.templateVersion }))),
    contents: JSON.stringify([...contents.values()].map((c) => ({ hash: c.hash, merchant_id: c.merchantId, subject: c.subject, text: c.text, html: c.html }))),
    sent: JSON.stringify(sent.map((i) => ({ id: i.deliveryId, token: i.claimToken, message_id: i.providerMessageId, at: i.at.toISOString() }))),
    now: now.toISOString(),
  });
  return new Map(rows.map((r) => [Number(r.id), r.verdict]));
}

/** One attempt marker (true: ours to send). */
export async function markAttempt(db: Db, item: AttemptItem, now: Date): Promise<boolean> {
  return (await commitAttemptsAndSent(db, [item], [], now)).get(item.deliveryId) === 'ours';
}

const now = sql`${sql.placeholder('now')}::timestamptz`;

/**
 * Prepared once, so planned without the input: the rows are looked up by key
 * (`id = any(array(...))`). Joined on the input alone, PostgreSQL scanned every `sending` row
 * through an index led by another column, 2.4 ms per statement mid-campaign (bench/RESULTS.md).
 */
const statement = preparedSql<{ id: number; verdict: AttemptVerdict }>(
  'attempts_and_sent_fenced',
  sql`with commit_mode as (
        select set_config('synchronous_commit', ${sql.placeholder('commit')}, true) as mode
      ), a as (
        select id, token, hash, template_version from jsonb_to_recordset(${sql.placeholder('attempts')}::jsonb) as x(id integer, token uuid, hash text, template_version integer)
      ), live as (
        select c.id, c.status from campaigns c
        where c.id in (select d.campaign_id from deliveries d where d.id = any(array(select id from a)))
        for key share
      ), marked as (
        update deliveries set attempted_at = ${now}, updated_at = ${now}, content_hash = a.hash, template_version = a.template_version
        from a join live on true
        where deliveries.id = a.id and deliveries.id = any(array(select id from a)) and deliveries.claim_token = a.token
          and deliveries.status = 'sending' and live.id = deliveries.campaign_id and live.status = ${CampaignStatus.SENDING}
        returning deliveries.id, deliveries.content_hash
      ), stored as (
        insert into message_contents (hash, merchant_id, subject, text, html, created_at)
        select x.hash, x.merchant_id, x.subject, x.text, x.html, ${now}
        from jsonb_to_recordset(${sql.placeholder('contents')}::jsonb) as x(hash text, merchant_id integer, subject text, text text, html text)
        where x.hash in (select content_hash from marked)
        on conflict (hash) do nothing
      ), released as (
        update deliveries set status = case when live.status = ${CampaignStatus.STOPPED} then 'cancelled' else 'queued' end,
          claim_token = null, attempts = greatest(deliveries.attempts - 1, 0), updated_at = ${now}
        from a join live on true
        where deliveries.id = a.id and deliveries.id = any(array(select id from a)) and deliveries.claim_token = a.token
          and deliveries.status = 'sending' and live.id = deliveries.campaign_id and live.status <> ${CampaignStatus.SENDING}
        returning deliveries.id
      ), s as (
        select distinct on (id) id, token, message_id, at from jsonb_to_recordset(${sql.placeholder('sent')}::jsonb) as x(id integer, token uuid, message_id text, at timestamptz) order by id
      ), sent as (
        update deliveries set status = 'sent', sent_at = s.at, provider_message_id = s.message_id, error = null, claim_token = null, updated_at = s.at
        from s where deliveries.id = s.id and deliveries.id = any(array(select id from s)) and deliveries.claim_token = s.token
          and deliveries.status in ('sending', 'needs_review')
        returning deliveries.id, deliveries.merchant_id, deliveries.campaign_id, deliveries.contact_id, deliveries.sent_at
      ), sent_events as (
        insert into delivery_events (merchant_id, delivery_id, type, created_at) select merchant_id, id, 'sent', sent_at from sent
      ), ${sentBookkeeping('sent')}
      select id, 'ours' as verdict from marked union all select id, 'released' from released
      union all select null, null from commit_mode where mode is null`,
);
