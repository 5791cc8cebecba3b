import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { AppError } from '@/lib/errors/app-error';
import { ts } from '@/db/timestamp';
import { BODY_LIMITS, readBodyBytes } from '@/lib/http/read-body';
import { isValidTwilioSignature, twilioSignatureHash, type TwilioParams } from './twilio-signature';
import { configuredAppUrl } from '@/lib/app-url';
import { setting } from '@/lib/config/settings';

/** Twilio's webhooks are a few kilobytes (1,600 characters of text, 10 media URLs); more is not Twilio. */
const MAX_TWILIO_FORM_BYTES = BODY_LIMITS.webhook;

/**
 * Reads a Twilio webhook's form and checks its X-Twilio-Signature (HMAC-SHA1 with the Auth Token,
 * or HMAC-SHA256 with TWILIO_WEBHOOK_SHARED_KEY under a Webhooks Rule) against the address Twilio
 * called: our public address (APP_URL) plus the path and query, since behind a proxy the request
 * URL the app sees is not the one Twilio signed. The body is read up to a bound (413 beyond it)
 * before anything else; bytes that are not UTF-8 read as U+FFFD. The answer has one value per name
 * (the last, as Twilio never repeats one) and no NUL characters, which PostgreSQL text cannot hold.
 */
export async function verifiedTwilioForm(request: Request): Promise<Record<string, string>> {
  // A Webhooks Rule signs with its SharedKey and says so in this header (HMAC_SHA256); without it,
  // the Auth Token's HMAC_SHA1. An algorithm we do not know, or no key for it, is refused.
  const hash = twilioSignatureHash(request.headers.get('x-twilio-webhooks-signature-settings'));
  const token = hash === 'sha256' ? setting('twilioWebhookSharedKey') : hash ? setting('twilioAuthToken') : undefined;
  const text = new TextDecoder('utf-8').decode(await readBodyBytes(request, MAX_TWILIO_FORM_BYTES));
  const signed: TwilioParams = Object.create(null);
  const params: Record<string, string> = Object.create(null);
  new URLSearchParams(text).forEach((value, key) => {
    const seen = signed[key];
    signed[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    params[key.replaceAll('\u0000', '')] = value.replaceAll('\u0000', '');
  });
  const url = new URL(request.url);
  const publicBase = configuredAppUrl() ?? url.origin;
  const signedUrl = `${publicBase}${url.pathname}${url.search}`;
  if (!token || !isValidTwilioSignature(token, signedUrl, signed, request.headers.get('x-twilio-signature'), hash ?? 'sha1')) {
    throw new AppError('FORBIDDEN', 'sending.errors.badSignature');
  }
  return params;
}

/**
 * A delivery status from Twilio: `delivered` is recorded; `undelivered` or `failed` turns the
 * delivery failed and takes it off the campaign's success count, in one statement. `delivered` is
 * final at Twilio: a failure arriving after it (callbacks come out of order, or again) changes nothing.
 */
export async function applyTwilioStatus(db: Db, params: Record<string, string>, now: Date): Promise<{ updated: boolean }> {
  const sid = params.MessageSid ?? params.SmsSid;
  const status = (params.MessageStatus ?? params.SmsStatus ?? '').toLowerCase();
  if (!sid) throw new AppError('BAD_REQUEST');
  if (status === 'delivered') {
    const rows = await db.execute<{ id: number }>(
      sql`insert into delivery_events (merchant_id, delivery_id, type, created_at)
          select merchant_id, id, 'delivered', ${ts(now)} from deliveries
          where provider_message_id = ${sid} and status = 'sent'
            and not exists (select 1 from delivery_events e where e.delivery_id = deliveries.id and e.type = 'delivered')
          returning delivery_id as id`,
    );
    return { updated: rows.length > 0 };
  }
  if (status === 'undelivered' || status === 'failed') {
    const reason = `twilio ${status}${params.ErrorCode ? ` ${params.ErrorCode}` : ''}`;
    const rows = await db.execute<{ id: number }>(
      sql`with d as (
            update deliveries set status = 'failed', error = ${reason}, updated_at = ${ts(now)}
            where provider_message_id = ${sid} and status = 'sent'
              and not exists (select 1 from delivery_events e where e.delivery_id = deliveries.id and e.type = 'delivered')
            returning id, merchant_id, campaign_id
          ), e as (
            insert into delivery_events (merchant_id, delivery_id, type, detail, created_at) select merchant_id, id, 'failed', ${reason}, ${ts(now)} from d
          ), c as (
            update campaigns set success_records = greatest(success_records - 1, 0) where id in (select campaign_id from d)
          )
          select id from d`,
    );
    return { updated: rows.length > 0 };
  }
  return { updated: false };
}
