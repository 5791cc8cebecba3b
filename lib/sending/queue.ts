import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { affectedRowCount } from '@/db/rows';
import { CampaignChannel } from '@/db/schema/campaigns';

/**
 * The delivery queue as other domains see it: campaigns queue and cancel, and read counts,
 * through these functions; only lib/sending writes `deliveries` otherwise (the dispatcher).
 */
export interface SnapshotQueueing {
  merchantId: number;
  campaignId: number;
  /** 0 e-mail, 1 SMS: the member's address for it is copied onto the delivery. */
  channel: number;
  snapshotId: number;
  at: Date;
}

/**
 * Queues one delivery per member of a snapshot who has an address for the channel, in one
 * INSERT ... SELECT (a million members are one statement). Answers how many deliveries the
 * campaign has now.
 *
 * A re-run queues nobody twice: members the campaign already has are left out by NOT EXISTS, and
 * only when it has rows at all (the usual first queueing probes nothing per member). Not by ON
 * CONFLICT: its speculative insertion (an extra index probe and WAL record per row) cost 1.2 s of
 * 9.6 at 1,000,000 members (bench/RESULTS.md, issue 22). The caller holds the campaign's row lock
 * (lockOwnCampaign, startDueCampaign), so nothing else queues for it meanwhile; the unique
 * (campaign, contact) index still refuses a second row.
 */
export async function enqueueSnapshot(tx: Db, q: SnapshotQueueing): Promise<number> {
  const address = q.channel === CampaignChannel.EMAIL ? sql`c.email` : sql`c.phone`;
  const at = q.at.toISOString();
  const had = await campaignDeliveryCount(tx, q.campaignId);
  const lacking = had ? sql`and not exists (select 1 from deliveries d where d.campaign_id = ${q.campaignId} and d.contact_id = c.id)` : sql``;
  const inserted = await tx.execute(sql`
    insert into deliveries (merchant_id, campaign_id, contact_id, channel, to_address, status, attempts, next_attempt_at, queued_at, updated_at)
    select ${q.merchantId}, ${q.campaignId}, c.id, ${q.channel}, ${address}, 'queued', 0, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    from snapshot_members sm join contacts c on c.id = sm.contact_id and c.merchant_id = sm.merchant_id
    where sm.merchant_id = ${q.merchantId} and sm.snapshot_id = ${q.snapshotId} and ${address} is not null and ${address} <> '' ${lacking}`);
  // The lock keeps the count exact; counting the new rows again read them all (0.2 s at 1,000,000).
  return had + affectedRowCount(inserted);
}

export async function campaignDeliveryCount(db: Db, campaignId: number): Promise<number> {
  const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from deliveries where campaign_id = ${campaignId}`);
  return Number(n);
}

/** A stopped campaign: what is still queued is cancelled (messages in flight finish). */
export async function cancelQueued(tx: Db, campaignId: number, at: Date): Promise<void> {
  await tx.execute(sql`update deliveries set status = 'cancelled', updated_at = ${at.toISOString()}::timestamptz where campaign_id = ${campaignId} and status = 'queued'`);
}

/**
 * A column expression: the campaign's deliveries whose e-mail was opened (for campaign lists and
 * every campaign read). Only a sent message is ever opened (tracking-events.ts requires 'sent'),
 * and a sent row only ever becomes 'failed' later (a carrier's late answer): the status bound lets
 * the (campaign, status) index skip the rows not sent yet. Without it, the read that answers
 * send-now visited all 1,000,000 queued rows of a new campaign: 1.3 s (bench/RESULTS.md, issue 22).
 * The partial index deliveries_campaign_opened_idx (migration 0030) holds the opened rows alone,
 * so a fully sent campaign is counted from its opened entries, not from every sent row.
 */
export function openedCountSql(campaignId: SQLWrapper): SQL<number> {
  return sql<number>`(select count(*)::int from deliveries d where d.campaign_id = ${campaignId} and d.status in ('sent', 'failed') and d.opened_at is not null)`;
}

/** Whether the campaign has sent at least one message. */
export function campaignHasSentSql(campaignId: SQL): SQL {
  return sql`exists (select 1 from deliveries d where d.campaign_id = ${campaignId} and d.status = 'sent')`;
}

/**
 * How far sending lags: the age in seconds of the oldest queued delivery already due (0 when
 * none), for the metrics scrape. Across all merchants on purpose (an operator's figure, no tenant
 * data): the queued partial index (deliveries_claim_idx) answers it from the index alone.
 */
export async function oldestQueuedAgeSeconds(db: Db): Promise<number> {
  const [row] = await db.execute<{ age: string | number | null }>(
    sql`select extract(epoch from (now() - min(next_attempt_at))) as age
        from deliveries where status = 'queued' and next_attempt_at <= now()`,
  );
  return row?.age == null ? 0 : Math.max(0, Number(row.age));
}
