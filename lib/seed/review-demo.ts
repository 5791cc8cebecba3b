import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';

/**
 * Two of a demo campaign's sent e-mails made "to check" (needs_review), as a dispatcher killed
 * after handing them over leaves them: one whose sender stopped, one the mail server did not
 * answer. They leave the delivered count; the list shows "2 to check" beside it. Call after the
 * campaign's deliveries (and their kept content) exist, in the same transaction.
 */
export async function seedDemoReviews(tx: Db, merchantId: number, campaignId: number): Promise<void> {
  await tx.execute(sql`
    with picked as (
      select id, sent_at, row_number() over (order by id) as n from deliveries
      where campaign_id = ${campaignId} and merchant_id = ${merchantId} and status = 'sent' and opened_at is null
      order by id limit 2
    ), d as (
      update deliveries set status = 'needs_review', attempted_at = picked.sent_at, sent_at = null,
        error = case when picked.n = 1 then 'dispatcher stopped while sending' else 'smtp delivery timed out after the message was sent' end,
        updated_at = picked.sent_at
      from picked where deliveries.id = picked.id
      returning deliveries.id, deliveries.merchant_id, deliveries.error, deliveries.updated_at
    ), events as (
      insert into delivery_events (merchant_id, delivery_id, type, detail, created_at) select merchant_id, id, 'needs_review', error, updated_at from d
    )
    update campaigns set success_records = greatest(success_records - (select count(*) from d), 0) where id = ${campaignId}`);
}
