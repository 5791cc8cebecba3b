import crypto from 'node:crypto';
import { authSecret } from '@/lib/auth/secret';

function signature(merchantId: number): string {
  return crypto.createHmac('sha256', `${authSecret()}:inbound`).update(String(merchantId)).digest('base64url').replace(/[-_]/g, '').slice(0, 10).toLowerCase();
}

/**
 * The address that routes a customer's e-mail to a merchant's inbox, when an inbound domain is
 * configured (INBOUND_EMAIL_DOMAIN): reply+m42.<signature>@domain. Signed, so nobody can drop
 * mail into another merchant's inbox by guessing a number.
 */
export function inboxAddress(merchantId: number, domain = process.env.INBOUND_EMAIL_DOMAIN): string | null {
  return domain ? `reply+m${merchantId}.${signature(merchantId)}@${domain}` : null;
}

/** The merchant an inbound address belongs to, or null. */
export function merchantOfAddress(address: string): number | null {
  const match = /^reply\+m(\d+)\.([a-z0-9]+)@/i.exec(address.trim());
  if (!match) return null;
  const merchantId = Number(match[1]);
  return signature(merchantId) === match[2].toLowerCase() ? merchantId : null;
}

/**
 * The signed merchant key of a per-merchant inbound SMS webhook (`?inbox=m42.<signature>`): a
 * merchant with its own Twilio number points that number here, so texts from unknown senders
 * still reach the right inbox. Signed like the inbox address, so the key cannot be guessed.
 */
export function smsWebhookKey(merchantId: number): string {
  return `m${merchantId}.${signature(merchantId)}`;
}

/** The merchant of a per-merchant SMS webhook key, or null. */
export function merchantOfSmsKey(key: string | null | undefined): number | null {
  const match = /^m(\d+)\.([a-z0-9]+)$/i.exec((key ?? '').trim());
  if (!match) return null;
  const merchantId = Number(match[1]);
  return signature(merchantId) === match[2].toLowerCase() ? merchantId : null;
}
