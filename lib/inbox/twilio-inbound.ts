import type { Db } from '@/db/client';
import { handleInboundSms } from './inbound-sms';
import { sendSmsConfirmation } from './sms-confirmation';
import { inboundSmsFromTwilio } from './twilio-inbound-form';

/** What Twilio gets back: nothing to send (the confirmation goes through the REST API, recorded). */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * An inbound SMS/MMS webhook's work, from its (signature-checked) form: the message and any
 * consent change are recorded, then the confirmation is texted and put in the thread.
 */
export async function receiveTwilioSms(db: Db, form: Record<string, string>, webhookKey: string | null, now: Date): Promise<void> {
  const message = inboundSmsFromTwilio(form, webhookKey);
  const result = await handleInboundSms(db, message, now);
  if (result.reply && result.merchantId !== null && result.contactId !== null && message.from) {
    await sendSmsConfirmation(db, { merchantId: result.merchantId, contactId: result.contactId, to: message.from, from: message.to, text: result.reply }, now);
  }
}
