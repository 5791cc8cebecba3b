import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { InboxMedia } from '@/db/schema/inbox';
import { writeConsent } from '@/lib/consent/record-consent';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import { contactByAddress, createLead, type ContactMatch } from './find-contact';
import { recordMessage } from './record-message';
import { merchantForUnknownSms } from './sms-merchant';
import { maskPhone } from './sms-confirmation';
import { keywordLocale, optKeywordOfTwilio, parseOptKeyword, type OptKeyword } from './opt-keywords';
import { lockMerchantContacts } from '@/lib/db/contacts-lock';

export interface InboundSms {
  from: string;
  to: string;
  body: string;
  /** Twilio's MessageSid: a retried webhook is recorded once. */
  sid?: string;
  /** The signed merchant key of a per-merchant webhook URL (`?inbox=`), when Twilio called one. */
  webhookKey?: string | null;
  /** An MMS's media. */
  media?: InboxMedia[];
  /** Twilio's Advanced Opt-Out verdict (STOP, START, HELP), when it sent one. */
  optOutType?: string | null;
}

export interface InboundResult {
  action: OptKeyword | null;
  merchantId: number | null;
  contactId: number | null;
  conversationId: number | null;
  /** The confirmation to text back, in the contact's language (none for a retried webhook). */
  reply: string | null;
  locale: Locale;
}

/**
 * An SMS from a customer, for the merchant that last messaged this number (or, through a
 * per-merchant webhook URL, for that merchant). An unknown sender becomes a lead of the merchant
 * the text can be attributed to (./sms-merchant.ts); when none can, it is refused and
 * logged. It lands in the inbox, media included; an opt-out word (./opt-keywords.ts) also opts the
 * sender out of SMS at once (an opt-in word opts back in), in the same transaction, and the change
 * holds across all the merchant's locations (the contact is the merchant's). A retried webhook (a
 * MessageSid already recorded) changes nothing and asks for no second confirmation; neither does
 * a second STOP from a contact already opted out (or START from one opted in).
 */
export async function handleInboundSms(db: Db, message: InboundSms, now: Date): Promise<InboundResult> {
  const action = optKeywordOfTwilio(message.optOutType) ?? parseOptKeyword(message.body);
  const match = await senderContact(db, message);
  if (!match) return { action, merchantId: null, contactId: null, conversationId: null, reply: null, locale: 'zh-CN' };
  const { conversationId, messageId, changed } = await db.transaction(async (tx) => {
    // A STOP or START changes consent: the merchant's contacts lock first, as an import takes it (lib/db/contacts-lock.ts).
    if (action) await lockMerchantContacts(tx, match.merchantId);
    const recorded = await recordMessage(tx, {
      merchantId: match.merchantId,
      contactId: match.contactId,
      direction: 'in',
      channel: 'sms',
      from: message.from,
      to: message.to,
      text: message.body,
      media: message.media ?? [],
      externalId: message.sid ?? null,
      at: now,
    });
    if (!action || recorded.messageId === null) return { ...recorded, changed: false };
    const consent = await writeConsent(tx, { merchantId: match.merchantId, contactId: match.contactId, channel: 'sms', action, source: 'sms-reply', at: now });
    return { ...recorded, changed: consent.changed };
  });
  const [who] = await db.execute<{ locale: string | null; merchant_name: string }>(
    sql`select k.locale, m.name as merchant_name from contacts k join merchants m on m.id = k.merchant_id where k.id = ${match.contactId}`,
  );
  // A contact without a language is answered in the keyword's (STOP in English, 退訂 in zh-HK).
  const locale: Locale = isLocale(who?.locale) ? who.locale : (keywordLocale(message.body) ?? 'zh-CN');
  // A word repeating the state the contact already has (a second STOP) is recorded, and answered
  // with no second text: an opted-out number gets one confirmation, as carriers' rules ask.
  if (!action || messageId === null || !changed) return { action, merchantId: match.merchantId, contactId: match.contactId, conversationId, reply: null, locale };
  const t = translatorFor(locale);
  return {
    action,
    merchantId: match.merchantId,
    contactId: match.contactId,
    conversationId,
    reply: t(action === 'optout' ? 'sending.sms.optedOut' : 'sending.sms.optedIn', { merchant: who?.merchant_name ?? '' }),
    locale,
  };
}

async function senderContact(db: Db, message: InboundSms): Promise<ContactMatch | null> {
  const from = message.from.trim();
  if (!from) return null;
  const owner = message.webhookKey ? await merchantForUnknownSms(db, message.to, message.webhookKey) : null;
  // A per-merchant webhook speaks for one merchant: the sender is looked up there only.
  const known = await contactByAddress(db, 'sms', from, owner?.merchantId);
  if (known) return known;
  const target = owner ?? (await merchantForUnknownSms(db, message.to));
  if (!target) {
    // Refused, not guessed: several merchants share this number and none knows the sender.
    console.warn(`[starloop] inbound SMS from unknown sender ${maskPhone(from)} to ${message.to} refused: no merchant can be determined`);
    return null;
  }
  // A lead's phone is stored as the number it is (E.164, as Twilio sends it); anything else
  // (a national form, text) would be a contact no form could have made, nor a text reach.
  if (!E164.test(from)) {
    console.warn(`[starloop] inbound SMS from a sender that is not an E.164 number (${maskPhone(from)}) refused`);
    return null;
  }
  return { merchantId: target.merchantId, contactId: await createLead(db, target.merchantId, 'sms', from, '') };
}

const E164 = /^\+[1-9]\d{6,14}$/;
