import { eq, sql } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import { contactDeliveriesSql } from '@/lib/sending/contact-history';
import { renderCampaignMessages } from '@/lib/sending/delivered-messages';
import type { ServiceContext } from '@/lib/context';
import { displayName } from '@/lib/names/display-name';
import type { InboxMedia } from '@/db/schema/inbox';
import { replySubject } from './reply-subject';
import { requireOwnConversation } from './own-conversation';
import { contactColumns } from '@/lib/contacts/record';

export interface ThreadMessage {
  id: string;
  direction: 'in' | 'out';
  channel: 'email' | 'sms';
  /** 'consent': the contact opted out or in by an SMS reply (from the consent history). */
  kind: 'message' | 'campaign' | 'consent';
  subject: string | null;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; size: number }[];
  /** An MMS's media, shown from Twilio's URLs. */
  media: InboxMedia[];
  /** An outgoing message the provider refused: its error code ('21610') or 'failed'. */
  sendError: string | null;
  /** For consent items: what the contact did. */
  consent?: 'optin' | 'optout';
  at: string;
  /** For campaign messages: the campaign's name and the delivery status. */
  campaignName?: string;
  status?: string;
}

export interface CustomerPanel {
  contactId: number;
  name: string;
  email: string | null;
  phone: string | null;
  gender: string;
  emailOptIn: boolean | null;
  smsOptIn: boolean | null;
  totalSent: number;
  totalReceived: number;
}

/**
 * A conversation's messages in order: the customer's and our replies, with the campaign messages
 * we sent them woven in (lib/sending/contact-history.ts, with the content each one sent: lib/sending/delivered-messages.ts), and
 * the customer panel of spec section 2. A campaign message alone opens no conversation: every
 * recipient would fill the list; the customer's first answer opens it, with the campaign above.
 */
export async function getConversation(ctx: ServiceContext, conversationId: number) {
  const conversation = await requireOwnConversation(ctx, conversationId);
  const [contact] = await ctx.db.select(contactColumns).from(contacts).where(eq(contacts.id, conversation.contactId)).limit(1);
  // SMS opt-outs and opt-ins by reply come from the consent history, between the customer's
  // keyword and our confirmation (same time: ordered by rank).
  const messages = await ctx.db.execute<{ id: string; direction: 'in' | 'out'; channel: string; kind: 'message' | 'campaign' | 'consent'; subject: string | null; text: string; html: string | null; attachments: unknown; media: unknown; send_error: string | null; consent: 'optin' | 'optout' | null; at: string | Date; campaign_name: string | null; status: string | null }>(
    sql`select 'm' || m.id as id, m.direction, m.channel, 'message' as kind, m.subject, m.text, m.html, m.attachments, m.media, m.send_error, null as consent, m.created_at as at, null as campaign_name, null as status,
               case when m.direction = 'in' then 0 else 2 end as rank
          from inbox_messages m where m.conversation_id = ${conversationId}
        union all
        select 'd' || d.id, 'out', case when d.channel = 1 then 'sms' else 'email' end, 'campaign', null, '', null, '[]'::jsonb, '[]'::jsonb, null, null, d.at, d.campaign_name, d.status, 2
          from (${contactDeliveriesSql(ctx.merchantId, conversation.contactId)}) d
        union all
        select 'c' || e.id, 'in', 'sms', 'consent', null, '', null, '[]'::jsonb, '[]'::jsonb, null, e.action, e.created_at, null, null, 1
          from contact_consent_events e
          where e.contact_id = ${conversation.contactId} and e.merchant_id = ${ctx.merchantId} and e.channel = 'sms' and e.source = 'sms-reply'
        order by at asc, rank asc, id asc
        limit 500`,
  );
  // Campaign messages show what the customer read: the kept subject and text (older ones rendered again).
  const campaignIds = messages.filter((m) => m.kind === 'campaign').map((m) => Number(m.id.slice(1)));
  const rendered = await renderCampaignMessages(ctx.db, ctx.merchantId, conversation.contactId, campaignIds);
  const received = messages.filter((m) => m.direction === 'in' && m.kind === 'message').length;
  const sent = messages.filter((m) => m.direction === 'out' && m.status !== 'failed' && !m.send_error).length;
  const panel: CustomerPanel = {
    contactId: contact.id,
    name: displayName(contact, ctx.locale),
    email: contact.email,
    phone: contact.phone,
    gender: contact.gender,
    emailOptIn: contact.emailOptIn,
    smsOptIn: contact.smsOptIn,
    totalSent: sent,
    totalReceived: received,
  };
  const answered = messages.findLast((m) => m.kind === 'message' && m.direction === 'in' && m.channel === 'email');
  return {
    conversationId,
    processed: conversation.processed,
    lastChannel: conversation.lastChannel,
    /** The e-mail reply's prefilled subject ("Re: ..." of the customer's last e-mail; '' for none). */
    replySubject: replySubject(answered?.subject, ''),
    customer: panel,
    messages: messages.map<ThreadMessage>((m) => {
      const campaign = m.kind === 'campaign' ? rendered.get(Number(m.id.slice(1))) : undefined;
      return {
        id: m.id,
        direction: m.direction,
        channel: m.channel === 'sms' ? 'sms' : 'email',
        kind: m.kind,
        subject: campaign ? campaign.subject : m.subject,
        text: campaign ? campaign.text : m.text,
        html: campaign ? campaign.html : m.html,
        attachments: (Array.isArray(m.attachments) ? m.attachments : []) as ThreadMessage['attachments'],
        media: (Array.isArray(m.media) ? m.media : []) as InboxMedia[],
        sendError: m.send_error,
        ...(m.consent ? { consent: m.consent } : {}),
        at: new Date(m.at).toISOString(),
        ...(m.kind === 'campaign' ? { campaignName: m.campaign_name ?? '', status: m.status ?? '' } : {}),
      };
    }),
  };
}
