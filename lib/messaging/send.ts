import type { Db } from '@/db/client';
import { mailTransportMode } from '@/lib/config/mail-mode';
import { outboxEmailTransport, outboxSmsTransport } from './outbox-transport';
import { smtpTransport } from './smtp-transport';
import { twilioConfigFromEnv, twilioTransport } from './twilio-transport';
import { fromHeader, mailFrom } from './from-header';
import type { EmailMessage, EmailTransport, SendResult, SmsMessage, SmsTransport } from './types';
import { setting } from '@/lib/config/settings';

/**
 * SMTP when SMTP_URL is set, otherwise the outbox; MAIL_TRANSPORT=outbox keeps mail in the outbox
 * even with SMTP_URL (lib/config/mail-mode.ts). Read per call, so tests can switch it.
 */
export function selectEmailTransport(): EmailTransport {
  const url = setting('smtpUrl');
  return url && mailTransportMode() === 'smtp' ? smtpTransport(url) : outboxEmailTransport;
}

/** Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set, otherwise the outbox. */
export function selectSmsTransport(): SmsTransport {
  const twilio = twilioConfigFromEnv();
  return twilio ? twilioTransport(twilio) : outboxSmsTransport;
}

/**
 * Sends one e-mail through the configured transport, from MAIL_FROM, or from the merchant's name
 * on that address when `fromName` is given. Throws DeliveryError when it is refused.
 */
export async function sendEmail(db: Db, { fromName, ...message }: EmailMessage): Promise<SendResult> {
  const from = fromName === undefined ? mailFrom() : fromHeader(fromName);
  return selectEmailTransport().send(db, { ...message, from });
}

/** Sends one SMS through the configured transport. Throws DeliveryError when it is refused. */
export async function sendSms(db: Db, message: SmsMessage): Promise<SendResult> {
  return selectSmsTransport().send(db, message);
}
