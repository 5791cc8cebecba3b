import { and, eq, sql } from 'drizzle-orm';
import { conversations } from '@/db/schema/inbox';
import { contacts } from '@/db/schema/contacts';
import { notFound } from '@/lib/errors/app-error';
import { sqlRows } from '@/lib/db/rows';
import { contactDeliveriesSql } from '@/lib/sending/contact-history';
import { renderCampaignMessages } from '@/lib/sending/delivered-messages';
import type { ServiceContext } from '@/lib/context';
import { displayName } from '@/lib/names/display-name';
import { translatorFor } from '@/lib/i18n/translator';
import type { InboxMedia, InboxMediaKind } from '@/db/schema/inbox';
import { replySubject } from './reply-subject';
import type { ConversationListQuery } from './schema';

export interface ConversationRecord {
  conversationId: number;
  contactId: number;
  name: string;
  email: string | null;
  phone: string | null;
  lastChannel: 'email' | 'sms';
  processed: boolean;
  unreadCount: number;
  lastMessageAt: string;
  /** The latest message's text, after "[Photo]" (translated) when it carried media. */
  lastPreview: string;
}

/** The conversation list: newest activity first, with the spec's filters and a keyword. */
export async function listConversations(ctx: ServiceContext, q: ConversationListQuery): Promise<{ total: number; unread: number; records: ConversationRecord[] }> {
  const where = [sql`v.merchant_id = ${ctx.merchantId}`];
  if (q.filter === 'processed') where.push(sql`v.processed`);
  if (q.filter === 'unprocessed') where.push(sql`not v.processed`);
  if (q.filter === 'email' || q.filter === 'sms') where.push(sql`exists (select 1 from inbox_messages m where m.conversation_id = v.id and m.channel = ${q.filter})`);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(k.first_name || ' ' || k.last_name ilike ${like} or k.last_name || k.first_name ilike ${like} or k.email ilike ${like} or k.phone ilike ${like}
      or exists (select 1 from inbox_messages m where m.conversation_id = v.id and (m.text ilike ${like} or m.subject ilike ${like})))`);
  }
  const condition = sql.join(where, sql` and `);
  const [{ total, unread }] = await sqlRows<{ total: number; unread: number }>(
    ctx.db,
    sql`select count(*)::int as total, coalesce(sum(v.unread_count), 0)::int as unread from conversations v join contacts k on k.id = v.contact_id where ${condition}`,
  );
  const rows = await sqlRows<{ id: number; contact_id: number; first_name: string; last_name: string; email: string | null; phone: string | null; last_channel: 'email' | 'sms'; processed: boolean; unread_count: number; last_message_at: string | Date; last_preview: string; last_media_kind: InboxMediaKind | null }>(
    ctx.db,
    sql`select v.id, v.contact_id, k.first_name, k.last_name, k.email, k.phone, v.last_channel, v.processed, v.unread_count, v.last_message_at, v.last_preview, v.last_media_kind
        from conversations v join contacts k on k.id = v.contact_id
        where ${condition}
        order by v.last_message_at desc, v.id desc
        limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
  );
  const t = translatorFor(ctx.locale);
  return {
    total: Number(total),
    unread: Number(unread),
    records: rows.map((r) => ({
      conversationId: Number(r.id),
      contactId: Number(r.contact_id),
      name: displayName({ firstName: r.first_name, lastName: r.last_name }, ctx.locale) || r.email || r.phone || '',
      email: r.email,
      phone: r.phone,
      lastChannel: r.last_channel,
      processed: Boolean(r.processed),
      unreadCount: Number(r.unread_count),
      lastMessageAt: new Date(r.last_message_at).toISOString(),
      lastPreview: r.last_media_kind ? `${t(`inbox.media.preview.${r.last_media_kind}`)} ${r.last_preview}`.trim() : r.last_preview,
    })),
  };
}

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
  const [conversation] = await ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.merchantId, ctx.merchantId)))
    .limit(1);
  if (!conversation) throw notFound('inbox.errors.notFound');
  const [contact] = await ctx.db.select().from(contacts).where(eq(contacts.id, conversation.contactId)).limit(1);
  // SMS opt-outs and opt-ins by reply come from the consent history, between the customer's
  // keyword and our confirmation (same time: ordered by rank).
  const messages = await sqlRows<{ id: string; direction: 'in' | 'out'; channel: string; kind: 'message' | 'campaign' | 'consent'; subject: string | null; text: string; html: string | null; attachments: unknown; media: unknown; send_error: string | null; consent: 'optin' | 'optout' | null; at: string | Date; campaign_name: string | null; status: string | null }>(
    ctx.db,
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
