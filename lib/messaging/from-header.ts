import { setting } from '@/lib/config/settings';
/** The sender of every e-mail when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'StarLoop <no-reply@starloop.local>';

/** Our sending address as configured (MAIL_FROM), read per call so tests can switch it. */
export function mailFrom(): string {
  return setting('mailFrom') || DEFAULT_MAIL_FROM;
}

/**
 * The From header of mail sent on a merchant's behalf (campaigns and inbox replies alike): the
 * merchant's name on the address of MAIL_FROM, the display name quoted when it needs to be.
 */
export function fromHeader(merchantName: string, from: string = mailFrom()): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  const name = merchantName.replace(/["\\\r\n]/g, '').trim();
  return name ? `"${name}" <${address}>` : `<${address}>`;
}
