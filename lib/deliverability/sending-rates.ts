import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { ts } from '@/db/timestamp';
import { DEFAULT_TIME_ZONE } from '@/lib/time/format';
import { COMPLAINT_LINE } from './limits';

/** One window's campaign e-mail: sent, complaints and hard bounces, and the rates in basis points (1/100 %). */
export interface WindowRates {
  days: number;
  sent: number;
  complaints: number;
  bounces: number;
  complaintBasisPoints: number | null;
  bounceBasisPoints: number | null;
  /** Over the mailbox providers' 0.3 % complaint line. */
  overComplaintLine: boolean;
}

export interface SendingRates {
  week: WindowRates;
  month: WindowRates;
}

/** The complaint and bounce rates of the last 7 and 30 days (the dashboard card, the complaint hold). */
export async function sendingRates(db: Db, merchantId: number, now: Date): Promise<SendingRates> {
  const [week, month] = await Promise.all([windowRates(db, merchantId, now, 7), windowRates(db, merchantId, now, 30)]);
  return { week, month };
}

/**
 * Over the complaint line: more complaints than 3 per 1,000 campaign e-mails sent. Complaints
 * with nothing sent in the window (reports of older mail) count as over: there is no volume to
 * dilute them, and a mailbox provider judges the complaints it sees.
 */
export function overComplaintLine(complaints: number, sent: number): boolean {
  return complaints > 0 && complaints * COMPLAINT_LINE.per > sent * COMPLAINT_LINE.complaints;
}

/**
 * Sent: campaign e-mail from the daily rollup (whole days in the dashboard's zone, this one
 * included). Complaints: the e-mail opt-outs a feedback report recorded (source `complaint`).
 * Bounces: addresses refused for good, at sending (the server refused the recipient) or by a
 * bounce report that came back later.
 */
async function windowRates(db: Db, merchantId: number, now: Date, days: number): Promise<WindowRates> {
  const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const [row] = await db.execute<{ sent: string | number; complaints: string | number; bounces: string | number }>(sql`
    select
      (select coalesce(sum(s.sent), 0) from sent_days s join campaigns c on c.id = s.campaign_id
        where s.merchant_id = ${merchantId} and c.channel = 0
          and s.day > (${ts(since)} at time zone ${DEFAULT_TIME_ZONE})::date) as sent,
      (select count(*) from contact_consent_events e
        where e.merchant_id = ${merchantId} and e.created_at >= ${ts(since)} and e.source = 'complaint' and e.channel = 'email') as complaints,
      (select count(*) from delivery_events e
        where e.merchant_id = ${merchantId} and e.created_at >= ${ts(since)}
          and (e.type = 'bounced' or (e.type = 'failed' and e.detail like 'smtp address rejected%'))) as bounces`);
  const sent = Number(row?.sent ?? 0);
  const complaints = Number(row?.complaints ?? 0);
  const bounces = Number(row?.bounces ?? 0);
  return {
    days,
    sent,
    complaints,
    bounces,
    complaintBasisPoints: sent ? Math.round((complaints * 10_000) / sent) : null,
    bounceBasisPoints: sent ? Math.round((bounces * 10_000) / sent) : null,
    overComplaintLine: overComplaintLine(complaints, sent),
  };
}
