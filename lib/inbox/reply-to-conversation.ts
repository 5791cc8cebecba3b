import { and, desc, eq } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import { inboxMessages } from '@/db/schema/inbox';
import { merchants } from '@/db/schema/merchants';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { sendEmail, sendSms } from '@/lib/messaging/send';
import { DeliveryError } from '@/lib/messaging/types';
import { TwilioApiError } from '@/lib/messaging/twilio-transport';
import { escapeHtml } from '@/lib/templates/tokens';
import { inboxAddress } from '@/lib/reply-address/reply-address';
import { replyRefusal } from '@/lib/sending/eligibility';
import { recordMessage } from './record-message';
import { replySubject } from './reply-subject';
import type { ReplyInput } from './schema';
import { markRead } from './mark-conversation';
import { requireOwnConversation } from './own-conversation';
import { contactColumns } from '@/lib/contacts/record';
import { reserveOnce, type Limit } from '@/lib/rate-limit/rate-limit';
import { reserveSmsSend } from '@/lib/sending-policy/reserve-sms';
import crypto from 'node:crypto';

/** What a refused reply says: no address on the channel, or any other consent reason (opted out, bounced, complained). */
const refusalKeys = {
  email: { noAddress: 'inbox.errors.noEmail', optedOut: 'inbox.errors.emailOptedOut' },
  sms: { noAddress: 'inbox.errors.noPhone', optedOut: 'inbox.errors.smsOptedOut' },
} as const;

/**
 * The same reply (conversation, channel, text) is sent once in this window: a double submit from
 * two tabs, or a client retrying a slow call, must not mail the customer twice (found from
 * outside: the same reply sent ten times at once was delivered ten times).
 */
const SAME_REPLY: Limit = { bucket: 'inboxReply', max: 1, windowSeconds: 30 };

/**
 * A reply by e-mail or SMS through the same transports as campaigns. Refused, with a clear
 * message, by the eligibility rule's consent reasons (replyRefusal in lib/sending/eligibility.ts):
 * no address on that channel, opted out of it, or (e-mail) bounced or complained. E-mail replies
 * come from the merchant's name (as its campaign mail does) and thread under the customer's last
 * message (In-Reply-To, References).
 */
export async function replyToConversation(ctx: ServiceContext, input: ReplyInput): Promise<{ messageId: number | null }> {
  const conversation = await requireOwnConversation(ctx, input.conversationId);
  const [contact] = await ctx.db.select(contactColumns).from(contacts).where(eq(contacts.id, conversation.contactId)).limit(1);
  const refusal = replyRefusal(input.channel, contact);
  if (refusal) {
    const key = refusalKeys[input.channel][refusal === 'no_address' ? 'noAddress' : 'optedOut'];
    throw new AppError('BAD_REQUEST', key, { fieldErrors: { channel: key } });
  }
  // Never blank here: replyRefusal refuses a missing address (no_address).
  const address = (input.channel === 'email' ? contact.email : contact.phone) ?? '';
  const now = ctx.now();
  const once = await reserveOnce(ctx.db, SAME_REPLY, `${conversation.id}:${input.channel}:${crypto.createHash('sha256').update(`${input.subject ?? ''}\n${input.text}`).digest('hex')}`, now);
  if (once.wait > 0) throw new AppError('CONFLICT', 'inbox.errors.justSent', { values: { seconds: once.wait } });
  // Taken back when the transport refused the message (nothing left): the merchant may try again.
  let handedOver = false;
  try {
    if (input.channel === 'email') {
      const [last] = await ctx.db
        .select({ subject: inboxMessages.subject, externalId: inboxMessages.externalId, inReplyTo: inboxMessages.inReplyTo })
        .from(inboxMessages)
        .where(and(eq(inboxMessages.conversationId, conversation.id), eq(inboxMessages.channel, 'email'), eq(inboxMessages.direction, 'in')))
        .orderBy(desc(inboxMessages.createdAt))
        .limit(1);
      const [merchant] = await ctx.db.select({ name: merchants.name, serviceEmail: merchants.serviceEmail, status: merchants.emailVerificationStatus }).from(merchants).where(eq(merchants.id, ctx.merchantId));
      const subject = input.subject || replySubject(last?.subject, merchant.name);
      const html = input.text
        .split(/\n{2,}/)
        .map((p) => `<p style="margin:0 0 12px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.6">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
        .join('');
      // References: the message it answered, then the customer's own (RFC 5322 3.6.4 wants the
      // parent's whole References; its direct parent, often our campaign mail, is what we keep),
      // so clients that thread by References keep the campaign in the chain.
      const references = [...new Set([last?.inReplyTo, last?.externalId].filter((id): id is string => Boolean(id)))].join(' ');
      const threading: Record<string, string> = last?.externalId ? { 'In-Reply-To': last.externalId, References: references } : {};
      handedOver = true;
      const result = await sendEmail(ctx.db, {
        merchantId: ctx.merchantId,
        to: address,
        fromName: merchant.name,
        subject,
        html,
        text: input.text,
        replyTo: inboxAddress(ctx.merchantId) ?? (merchant.status === 'Success' && merchant.serviceEmail ? merchant.serviceEmail : undefined),
        headers: threading,
      });
      const recorded = await recordMessage(ctx.db, { merchantId: ctx.merchantId, contactId: contact.id, direction: 'out', channel: 'email', from: merchant.name, to: address, subject, text: input.text, html, externalId: result.messageId || null, inReplyTo: last?.externalId ?? null, userId: ctx.userId, at: now });
      await markRead(ctx, conversation.id);
      return { messageId: recorded.messageId };
    }
    // The destination rule and the daily cap of every SMS sent for the merchant (lib/sending-policy).
    const releaseSms = await reserveSmsSend(ctx, address, 'channel');
    let result;
    try {
      handedOver = true;
      result = await sendSms(ctx.db, { merchantId: ctx.merchantId, to: address, body: input.text });
    } catch (error) {
      if (error instanceof TwilioApiError || (error instanceof DeliveryError && !error.uncertain)) await releaseSms();
      throw error;
    }
    const recorded = await recordMessage(ctx.db, { merchantId: ctx.merchantId, contactId: contact.id, direction: 'out', channel: 'sms', from: '', to: address, text: input.text, externalId: result.messageId || null, userId: ctx.userId, at: now });
    await markRead(ctx, conversation.id);
    return { messageId: recorded.messageId };
  } catch (error) {
    if (!handedOver || error instanceof TwilioApiError || (error instanceof DeliveryError && !error.uncertain)) await once.release();
    // 21610: the number replied STOP (perhaps to another sender on our shared number); trying
    // again cannot help until it replies START, so say that instead of "try again later".
    if (error instanceof TwilioApiError && error.code === 21610) throw new AppError('CONFLICT', 'inbox.sendErrors.stopBlocked');
    if (error instanceof DeliveryError) throw new AppError('BAD_GATEWAY', 'inbox.errors.sendFailed');
    throw error;
  }
}
