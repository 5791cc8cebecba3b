import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { transportNumber } from '@/lib/phone/transport';
import { campaignHasSentSql } from '@/lib/sending/queue';
import { merchantOfSmsKey } from '@/lib/reply-address/reply-address';
import { setting } from '@/lib/config/settings';

export type SmsMerchantSource = 'webhook_key' | 'number' | 'single_merchant';

/**
 * The merchant a text from an unknown sender is for. One Twilio number (TWILIO_FROM) serves every
 * merchant, so the sender alone cannot say; in order:
 * 1. the signed merchant key of a per-merchant webhook URL (`?inbox=m42.<sig>`: a merchant with
 *    its own number points it there);
 * 2. the only merchant that uses the `To` number: texts received on it, or, when it is our
 *    TWILIO_FROM, campaign texts or inbox replies sent through it;
 * 3. the only merchant of a single-merchant installation.
 * Otherwise null: the text is refused rather than guessed into another merchant's inbox.
 */
export async function merchantForUnknownSms(db: Db, to: string, webhookKey?: string | null): Promise<{ merchantId: number; source: SmsMerchantSource } | null> {
  const keyed = merchantOfSmsKey(webhookKey);
  if (keyed) {
    const [exists] = await db.execute<{ id: number }>(sql`select id from merchants where id = ${keyed}`);
    return exists ? { merchantId: keyed, source: 'webhook_key' } : null;
  }
  // Twilio's `To` and our TWILIO_FROM compared as numbers.
  const number = transportNumber(to);
  const ours = number !== '' && number === transportNumber(setting('twilioFrom') ?? undefined);
  const users = await db.execute<{ merchant_id: number }>(
    sql`select distinct merchant_id from (
          select m.merchant_id from inbox_messages m where m.channel = 'sms' and m.direction = 'in' and m.to_address = ${to}
          ${ours
            ? sql`union select c.merchant_id from campaigns c where c.channel = 1 and ${campaignHasSentSql(sql`c.id`)}
                  union select m.merchant_id from inbox_messages m where m.channel = 'sms' and m.direction = 'out'`
            : sql``}
        ) x limit 2`,
  );
  if (users.length === 1) return { merchantId: Number(users[0].merchant_id), source: 'number' };
  if (users.length > 1) return null;
  const all = await db.execute<{ id: number }>(sql`select id from merchants limit 2`);
  return all.length === 1 ? { merchantId: Number(all[0].id), source: 'single_merchant' } : null;
}
