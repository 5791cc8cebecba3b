import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { CampaignChannel } from '@/db/schema/campaigns';
import { ts } from '@/db/timestamp';
import { fetchTwilioMessage, listTwilioMessages, TwilioLookupError, type TwilioMessageRecord } from '@/lib/messaging/twilio-lookup';
import { twilioConfigFromEnv, type TwilioConfig } from '@/lib/messaging/twilio-transport';
import { requeueFromReview, settleReviewAsFailed, settleReviewsAsSent } from './review-outcomes';
import { wakeDispatchers } from './wakeup';

/** Deliveries asked about per call, and the time a call may take (it runs from the sending loop). */
const BATCH = 20;
const CALL_BUDGET_MS = 10_000;
/**
 * Twilio creates the message when it receives our request, which ends within the send timeout
 * (15 s): a message Twilio does not know this long after the attempt never reached it.
 */
export const UNKNOWN_AFTER_MS = 10 * 60_000;
/** Our clock and Twilio's may differ; the request reaches Twilio after the attempt marker. */
const WINDOW_BEFORE_MS = 2 * 60_000;
const WINDOW_AFTER_MS = 5 * 60_000;
/**
 * Older reviews are left to a person: Twilio may redact a message's addresses and body after a
 * retention period, and then "not found" would no longer mean "never sent".
 */
const LOOKBACK_MS = 3 * 24 * 60 * 60_000;

type ReviewRow = {
  id: number;
  to_address: string;
  provider_message_id: string | null;
  attempted_at: Date | string;
  body: string | null;
};

type Verdict =
  | { kind: 'sent'; message: TwilioMessageRecord }
  | { kind: 'failed'; message: TwilioMessageRecord }
  /** Twilio never got it: safe to send again. */
  | { kind: 'unknown' }
  /** Not decidable now (too early, a look-alike message, a recorded sid Twilio lost): asked again later or left to a person. */
  | { kind: 'wait' };

/** Rows after this id are asked next (per process): undecidable rows do not block the others. */
let cursor = 0;

/**
 * SMS deliveries in review (all merchants), checked against Twilio's Messages API and settled
 * where Twilio knows: by the recorded sid, else by recipient and our number, matched on the body
 * within minutes of the attempt. Known and queued, sending, sent or delivered: sent ("confirmed
 * by Twilio"); failed or undelivered: failed; unknown 10 minutes after the attempt: queued again,
 * since the message never reached Twilio. Twilio unreachable: the rest wait for the next call.
 * Only with TWILIO_* configured. Every change is guarded on status = 'needs_review', so a
 * merchant's verdict in the meantime wins. Answers how many were settled.
 */
export async function settleSmsReviews(db: Db, now: Date): Promise<number> {
  const config = twilioConfigFromEnv();
  if (!config) return 0;
  const rows = await db.execute<ReviewRow>(
    sql`select d.id, d.to_address, d.provider_message_id, coalesce(d.attempted_at, d.updated_at) as attempted_at, mc.text as body
        from campaigns c
        join deliveries d on d.campaign_id = c.id and d.status = 'needs_review'
        left join message_contents mc on mc.hash = d.content_hash
        where c.channel = ${CampaignChannel.SMS} and d.channel = ${CampaignChannel.SMS} and d.id > ${cursor}
          and coalesce(d.attempted_at, d.updated_at) > ${ts(new Date(now.getTime() - LOOKBACK_MS))}
        order by d.id limit ${BATCH}`,
  );
  cursor = rows.length < BATCH ? 0 : Number(rows[rows.length - 1].id);
  const started = Date.now();
  let settled = 0;
  let requeued = false;
  for (const row of rows) {
    if (Date.now() - started > CALL_BUDGET_MS) break;
    let verdict: Verdict;
    try {
      verdict = await askTwilio(config, row, now);
    } catch (error) {
      if (error instanceof TwilioLookupError) break;
      throw error;
    }
    const one = sql`deliveries.id = ${Number(row.id)}`;
    if (verdict.kind === 'sent') {
      const m = verdict.message;
      const done = await settleReviewsAsSent(db, one, { at: m.dateSent ?? m.dateCreated, now, messageId: m.sid, detail: 'confirmed by Twilio', delivered: m.status === 'delivered' || m.status === 'read' });
      settled += done.length;
    } else if (verdict.kind === 'failed') {
      const m = verdict.message;
      settled += (await settleReviewAsFailed(db, one, `twilio ${m.status}${m.errorCode ? ` ${m.errorCode}` : ''}`, now, m.sid)).length;
    } else if (verdict.kind === 'unknown') {
      const done = await requeueFromReview(db, one, 'unknown to Twilio 10 minutes after the attempt', now);
      settled += done.length;
      requeued ||= done.some((d) => d.status === 'queued');
    }
  }
  if (requeued) await wakeDispatchers(db);
  return settled;
}

const SENT_STATUSES = new Set(['queued', 'accepted', 'scheduled', 'sending', 'sent', 'delivered', 'read', 'partially_delivered']);
const FAILED_STATUSES = new Set(['failed', 'undelivered', 'canceled']);

async function askTwilio(config: TwilioConfig, row: ReviewRow, now: Date): Promise<Verdict> {
  if (row.provider_message_id) {
    const message = await fetchTwilioMessage(config, row.provider_message_id);
    return message ? byStatus(message) : { kind: 'wait' };
  }
  const attempted = new Date(row.attempted_at).getTime();
  const { messages, complete } = await listTwilioMessages(config, { to: row.to_address, from: config.from });
  // Outbound messages created around the attempt; one without a date cannot be ruled out.
  const near = messages.filter((m) => !m.direction.startsWith('inbound') && (!m.dateCreated || (m.dateCreated.getTime() >= attempted - WINDOW_BEFORE_MS && m.dateCreated.getTime() <= attempted + WINDOW_AFTER_MS)));
  const ours = row.body === null ? [] : near.filter((m) => sameBody(m.body, row.body ?? ''));
  if (ours.length) {
    // Sent twice already (a retry that raced): one that went counts.
    const went = ours.find((m) => SENT_STATUSES.has(m.status));
    return byStatus(went ?? ours[0]);
  }
  // Another message to them near that time (or a body we do not know): not ours to decide.
  if (near.length || !complete) return { kind: 'wait' };
  return now.getTime() - attempted >= UNKNOWN_AFTER_MS ? { kind: 'unknown' } : { kind: 'wait' };
}

function byStatus(message: TwilioMessageRecord): Verdict {
  if (SENT_STATUSES.has(message.status)) return { kind: 'sent', message };
  if (FAILED_STATUSES.has(message.status)) return { kind: 'failed', message };
  return { kind: 'wait' };
}

/** Twilio's body is ours, or ours with a compliance footer Twilio added. */
function sameBody(theirs: string, ours: string): boolean {
  const norm = (s: string) => s.normalize('NFC').replace(/\r\n?/g, '\n').trim();
  const a = norm(theirs);
  const b = norm(ours);
  return b.length > 0 && (a === b || a.startsWith(b));
}
