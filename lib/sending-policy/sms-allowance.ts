import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { countryOfNumber, supportedRegion } from '@/lib/phone/read';
import { subscriptionStatusOf } from '@/lib/subscription/plans';
import { FALLBACK_SMS_COUNTRIES, SMS_CAP_WINDOW_SECONDS, SMS_DAILY_CAPS } from './limits';
import type { Limit } from '@/lib/rate-limit/rate-limit';

/** What one merchant may send by SMS now: where to, and how many more in the rolling day. */
export interface SmsAllowance {
  /** ISO countries the merchant's SMS may go to (./destination.ts). */
  countries: string[];
  /** The plan's cap in the rolling day (./limits.ts). */
  cap: number;
  /** Campaign messages (single recipients included) sent in the rolling day, counted up to the cap. */
  campaignSent: number;
  /** Inbox replies by SMS in the rolling day (counted as rate-limit hits of SMS_REPLY_BUCKET). */
  replies: number;
  /** cap - campaignSent - replies, never below 0. */
  left: number;
}

/** Inbox replies by SMS: one hit per reply under this bucket, keyed by merchant (smsReplyLimit). */
export const SMS_REPLY_BUCKET = 'smsReply';

export function smsReplyKey(merchantId: number): string {
  return `merchant:${merchantId}`;
}

/** The limit an inbox reply reserves against: what the day's campaign sends leave of the cap. */
export function smsReplyLimit(allowance: SmsAllowance): Limit {
  return { bucket: SMS_REPLY_BUCKET, max: Math.max(0, allowance.cap - allowance.campaignSent), windowSeconds: SMS_CAP_WINDOW_SECONDS };
}

type MerchantRow = { id: number; subscription_status: string; trial_end_time: string | Date | null; phone: string | null; countries: string[] | null };

/**
 * The SMS allowance of each merchant (the sending engine asks for a batch's merchants at once).
 * Countries: those of the merchant's locations (where its customers are), else its own phone's,
 * else the product's markets. Counts stop at the cap: a big sender's day is never read whole.
 */
export async function smsAllowances(db: Db, merchantIds: number[], now: Date): Promise<Map<number, SmsAllowance>> {
  const ids = [...new Set(merchantIds)];
  const result = new Map<number, SmsAllowance>();
  if (!ids.length) return result;
  const since = new Date(now.getTime() - SMS_CAP_WINDOW_SECONDS * 1000).toISOString();
  const rows = await db.execute<MerchantRow>(sql`
    select m.id, m.subscription_status, m.trial_end_time, m.phone,
           array(select distinct upper(l.country) from locations l where l.merchant_id = m.id and l.country <> '') as countries
    from merchants m where m.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  for (const row of rows) {
    const merchantId = Number(row.id);
    const trialEnd = row.trial_end_time ? new Date(row.trial_end_time) : null;
    const cap = SMS_DAILY_CAPS[subscriptionStatusOf(row.subscription_status, trialEnd, now).plan];
    const [counts] = await db.execute<{ campaign_sent: number; replies: number }>(sql`
      select (select count(*) from (select 1 from deliveries d
                where d.merchant_id = ${merchantId} and d.status = 'sent' and d.channel = 1 and d.sent_at > ${since}::timestamptz
                limit ${cap}) x)::int as campaign_sent,
             (select count(*) from rate_limit_hits h
                where h.bucket = ${SMS_REPLY_BUCKET} and h.key = ${smsReplyKey(merchantId)} and h.created_at > ${since}::timestamptz)::int as replies`);
    const campaignSent = Number(counts?.campaign_sent ?? 0);
    const replies = Number(counts?.replies ?? 0);
    result.set(merchantId, { countries: allowedCountries(row.countries ?? [], row.phone), cap, campaignSent, replies, left: Math.max(0, cap - campaignSent - replies) });
  }
  return result;
}

export async function smsAllowance(db: Db, merchantId: number, now: Date): Promise<SmsAllowance> {
  const allowance = (await smsAllowances(db, [merchantId], now)).get(merchantId);
  return allowance ?? { countries: FALLBACK_SMS_COUNTRIES, cap: 0, campaignSent: 0, replies: 0, left: 0 };
}

function allowedCountries(locationCountries: string[], merchantPhone: string | null): string[] {
  const located = locationCountries.map((c) => supportedRegion(c)).filter((c): c is NonNullable<typeof c> => !!c);
  if (located.length) return located;
  const own = countryOfNumber(merchantPhone);
  return own ? [own] : FALLBACK_SMS_COUNTRIES;
}
