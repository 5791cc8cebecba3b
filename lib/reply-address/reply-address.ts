import crypto from 'node:crypto';
import { authSecret, purposeKey } from '@/lib/crypto/secret';
import { setting } from '@/lib/config/settings';

// The signed addresses that route a customer's answer to a merchant: the sending engine hands
// them out (campaign Reply-To), the inbox hands them out and reads them. Neither domain owns the
// other, so the scheme lives apart from both.

// Ten lowercase letters and digits: the part of an HMAC an e-mail address can carry.
function shorten(mac: Buffer): string {
  return mac.toString('base64url').replace(/[-_]/g, '').slice(0, 10).toLowerCase();
}

/** The signature of new addresses and keys: the inbox-address key (HKDF of AUTH_SECRET). */
function signature(merchantId: number): string {
  return shorten(crypto.createHmac('sha256', purposeKey('inbox-address')).update(String(merchantId)).digest());
}

/**
 * Addresses handed out before the keys were split were signed with `AUTH_SECRET:inbound`. They sit
 * in customers' address books and Twilio settings, so they stay valid for verification,
 * permanently; nothing new is signed with them.
 */
function legacySignature(merchantId: number): string {
  return shorten(crypto.createHmac('sha256', `${authSecret()}:inbound`).update(String(merchantId)).digest());
}

/** Constant-time check of a given signature against the current and the legacy one. */
function signatureMatches(merchantId: number, given: string): boolean {
  const value = Buffer.from(given.toLowerCase());
  const equal = (expected: string) => {
    const e = Buffer.from(expected);
    return e.length === value.length && crypto.timingSafeEqual(e, value);
  };
  const current = equal(signature(merchantId));
  const legacy = equal(legacySignature(merchantId));
  return current || legacy;
}

/**
 * The address that routes a customer's e-mail to a merchant's inbox, when an inbound domain is
 * configured (INBOUND_EMAIL_DOMAIN): reply+m42.<signature>@domain. Signed, so nobody can drop
 * mail into another merchant's inbox by guessing a number.
 */
export function inboxAddress(merchantId: number, domain = setting('inboundEmailDomain')): string | null {
  return domain ? `reply+m${merchantId}.${signature(merchantId)}@${domain}` : null;
}

/** The merchant an inbound address belongs to, or null. */
export function merchantOfAddress(address: string): number | null {
  const match = /^reply\+m(\d+)\.([a-z0-9]+)@/i.exec(address.trim());
  if (!match) return null;
  const merchantId = Number(match[1]);
  return signatureMatches(merchantId, match[2]) ? merchantId : null;
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
  return signatureMatches(merchantId, match[2]) ? merchantId : null;
}
