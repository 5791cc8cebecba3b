import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { InboxAttachment, InboxChannel, InboxMedia } from '@/db/schema/inbox';
import { ts } from '@/db/timestamp';
import { previewMediaKind } from './media';

export interface MessageToRecord {
  merchantId: number;
  contactId: number;
  direction: 'in' | 'out';
  channel: InboxChannel;
  from: string;
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  externalId?: string | null;
  inReplyTo?: string | null;
  attachments?: InboxAttachment[];
  /** An MMS's media (Twilio's URLs and content types). */
  media?: InboxMedia[];
  /** An outgoing message the provider refused: its error code ('21610') or 'failed'. */
  sendError?: string | null;
  userId?: number | null;
  at: Date;
}

/**
 * Adds a message to the contact's conversation (created on first contact), in one transaction.
 * An inbound message makes the conversation unread and unprocessed again and sets its last channel
 * (what a reply defaults to: the channel the customer last wrote on, never our own); the same
 * external id twice (a provider retrying its webhook) is recorded once.
 */
export async function recordMessage(db: Db, m: MessageToRecord): Promise<{ conversationId: number; messageId: number | null }> {
  return db.transaction(async (tx) => {
    const preview = (m.text || m.subject || '').replace(/\s+/g, ' ').trim().slice(0, 140);
    const inbound = m.direction === 'in';
    const mediaKind = previewMediaKind(m.media);
    // A message recorded before (a provider's retry, the same Message-ID from another sender) is
    // answered with its own conversation: no conversation is opened for it (found by the
    // generated-MIME property test: an empty conversation).
    if (m.externalId) {
      const [known] = await tx.execute<{ conversation_id: number }>(sql`select conversation_id from inbox_messages where merchant_id = ${m.merchantId} and external_id = ${m.externalId} limit 1`);
      if (known) return { conversationId: Number(known.conversation_id), messageId: null };
    }
    const [conversation] = await tx.execute<{ id: number }>(
      sql`insert into conversations (merchant_id, contact_id, last_channel, processed, unread_count, last_message_at, last_preview, created_at, updated_at)
          values (${m.merchantId}, ${m.contactId}, ${m.channel}, false, 0, ${ts(m.at)}, ${preview}, ${ts(m.at)}, ${ts(m.at)})
          on conflict (merchant_id, contact_id) do update set updated_at = excluded.updated_at
          returning id`,
    );
    const [message] = await tx.execute<{ id: number }>(
      sql`insert into inbox_messages (merchant_id, conversation_id, direction, channel, from_address, to_address, subject, text, html, external_id, in_reply_to, attachments, media, send_error, user_id, created_at)
          values (${m.merchantId}, ${conversation.id}, ${m.direction}, ${m.channel}, ${m.from}, ${m.to}, ${m.subject ?? null}, ${m.text}, ${m.html ?? null},
                  ${m.externalId ?? null}, ${m.inReplyTo ?? null}, ${JSON.stringify(m.attachments ?? [])}::jsonb, ${JSON.stringify(m.media ?? [])}::jsonb, ${m.sendError ?? null}, ${m.userId ?? null}, ${ts(m.at)})
          on conflict (merchant_id, external_id) where external_id is not null do nothing
          returning id`,
    );
    if (message) {
      await tx.execute(sql`update conversations set
          last_channel = ${inbound ? sql`${m.channel}` : sql`last_channel`}, last_message_at = greatest(last_message_at, ${ts(m.at)}), last_preview = ${preview}, last_media_kind = ${mediaKind},
          unread_count = unread_count + ${inbound ? 1 : 0},
          processed = ${inbound ? sql`false` : sql`processed`},
          updated_at = ${ts(m.at)}
        where id = ${conversation.id}`);
      if (inbound) await tx.execute(sql`update contacts set last_activity_at = greatest(coalesce(last_activity_at, ${ts(m.at)}), ${ts(m.at)}) where id = ${m.contactId}`);
    }
    return { conversationId: Number(conversation.id), messageId: message ? Number(message.id) : null };
  });
}
