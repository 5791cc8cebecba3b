import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { ts } from '@/db/timestamp';

/**
 * The first open and the first click of a delivery (a click implies an open: images may be
 * blocked). Later ones change nothing, so a reload cannot inflate the figures.
 */
export async function recordOpen(db: Db, deliveryId: number, now: Date): Promise<void> {
  await db.execute(sql`
    with d as (update deliveries set opened_at = ${ts(now)} where id = ${deliveryId} and opened_at is null and status = 'sent' returning id, merchant_id)
    insert into delivery_events (merchant_id, delivery_id, type, created_at) select merchant_id, id, 'opened', ${ts(now)} from d`);
}

export async function recordClick(db: Db, deliveryId: number, now: Date): Promise<void> {
  await recordOpen(db, deliveryId, now);
  await db.execute(sql`
    with d as (update deliveries set clicked_at = ${ts(now)} where id = ${deliveryId} and clicked_at is null and status = 'sent' returning id, merchant_id)
    insert into delivery_events (merchant_id, delivery_id, type, created_at) select merchant_id, id, 'clicked', ${ts(now)} from d`);
}
