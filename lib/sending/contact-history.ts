import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { ts } from '@/db/timestamp';

/**
 * What was sent to one contact, as SQL expressions over a contact id column (`c.id` in a
 * campaign's audience, `k.id` in the inbox): other domains filter and sort by a contact's
 * deliveries through these, so they stay subqueries on the contact's own delivery indexes.
 */

/** When the contact was last sent a message (null: never). */
export function lastSentAtSql(contactId: SQL): SQL {
  return sql`(select max(d.sent_at) from deliveries d where d.contact_id = ${contactId} and d.status = 'sent')`;
}

/** When a message was last queued for the contact (null: never): "the merchant that last wrote". */
export function lastQueuedAtSql(contactId: SQL): SQL {
  return sql`(select max(d.queued_at) from deliveries d where d.contact_id = ${contactId})`;
}

export function everOpenedSql(contactId: SQL): SQL {
  return sql`exists (select 1 from deliveries d where d.contact_id = ${contactId} and d.opened_at is not null)`;
}

export function everClickedSql(contactId: SQL): SQL {
  return sql`exists (select 1 from deliveries d where d.contact_id = ${contactId} and d.clicked_at is not null)`;
}

/** Whether the contact was sent a message at or after `since`. */
export function sentSinceSql(contactId: SQL, since: Date): SQL {
  return sql`exists (select 1 from deliveries d where d.contact_id = ${contactId} and d.status = 'sent' and d.sent_at >= ${ts(since)})`;
}

/**
 * Rows (merchant_id, contact_id, at) of the deliveries whose provider Message-ID is one of `ids`:
 * whom an e-mail reply that references them answers.
 */
export function deliveriesByMessageIdSql(ids: readonly string[]): SQL {
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  return sql`select d.merchant_id, d.contact_id, d.sent_at as at from deliveries d where d.provider_message_id in (${list})`;
}

/**
 * Rows (id, channel, status, at, campaign_name) of the campaign messages sent (or failed) to one
 * contact: the campaign part of an inbox thread.
 */
export function contactDeliveriesSql(merchantId: number, contactId: number): SQL {
  return sql`select d.id, d.channel, d.status, coalesce(d.sent_at, d.queued_at) as at, c.name as campaign_name
    from deliveries d join campaigns c on c.id = d.campaign_id
    where d.contact_id = ${contactId} and d.merchant_id = ${merchantId} and d.status in ('sent', 'failed')`;
}

/**
 * The campaign e-mail one of `ids` (our Message-IDs, as a bounce or complaint returns them) was,
 * with its merchant, contact and the address it went to; null when none is ours.
 */
export async function emailDeliveryByMessageIds(db: Db, ids: readonly string[]): Promise<{ id: number; merchantId: number; contactId: number; toAddress: string } | null> {
  if (!ids.length) return null;
  const [row] = await db.execute<{ id: number; merchant_id: number; contact_id: number; to_address: string }>(
    sql`select id, merchant_id, contact_id, to_address from deliveries where provider_message_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and channel = 0 limit 1`,
  );
  return row ? { id: Number(row.id), merchantId: Number(row.merchant_id), contactId: Number(row.contact_id), toAddress: row.to_address } : null;
}

/** A bounce report came back for this delivery: kept as its event, so the bounce rate counts it by the day it came. */
export async function recordBounceEvent(db: Db, delivery: { id: number; merchantId: number }, at: Date): Promise<void> {
  await db.execute(sql`insert into delivery_events (merchant_id, delivery_id, type, created_at) values (${delivery.merchantId}, ${delivery.id}, 'bounced', ${ts(at)})`);
}
