import type { Db } from '@/db/client';
import { sendSms } from '@/lib/messaging/send';
import { TwilioApiError } from '@/lib/messaging/twilio-transport';
import { DeliveryError } from '@/lib/messaging/types';
import { recordMessage } from './record-message';

export interface Confirmation {
  merchantId: number;
  contactId: number;
  /** The customer's number. */
  to: string;
  /** Our number the customer texted. */
  from: string;
  text: string;
}

/**
 * Texts an opt-out or opt-in confirmation and puts it in the contact's thread as our message. A
 * refusal is recorded on that message (Twilio's error code) and never thrown: the consent is
 * already recorded, and the webhook that asked for it must still answer 200. 21610 is the usual
 * one: Twilio blocks the number the moment it reads STOP and sends its own confirmation.
 */
export async function sendSmsConfirmation(db: Db, c: Confirmation, now: Date): Promise<{ sendError: string | null }> {
  let externalId: string | null = null;
  let sendError: string | null = null;
  try {
    externalId = (await sendSms(db, { merchantId: c.merchantId, to: c.to, body: c.text })).messageId || null;
  } catch (error) {
    // Twilio's code, also where a 5xx came wrapped as the transport being down.
    const refusal = error instanceof TwilioApiError ? error : error instanceof DeliveryError && error.cause instanceof TwilioApiError ? error.cause : null;
    sendError = refusal?.code ? String(refusal.code) : 'failed';
    console.warn(`[starloop] SMS confirmation to ${maskPhone(c.to)} not sent: ${error instanceof Error ? error.message : 'error'}`);
  }
  await recordMessage(db, { merchantId: c.merchantId, contactId: c.contactId, direction: 'out', channel: 'sms', from: c.from, to: c.to, text: c.text, externalId, sendError, at: now });
  return { sendError };
}

/** Logs keep only the end of a phone number. */
export function maskPhone(phone: string): string {
  return phone.length > 4 ? `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}` : '****';
}
