import { sql } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/context';
import { displayName } from '@/lib/names/display-name';
import { translatorFor } from '@/lib/i18n/translator';
import type { InboxMediaKind } from '@/db/schema/inbox';
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
  const [{ total, unread }] = await ctx.db.execute<{ total: number; unread: number }>(
    sql`select count(*)::int as total, coalesce(sum(v.unread_count), 0)::int as unread from conversations v join contacts k on k.id = v.contact_id where ${condition}`,
  );
  const rows = await ctx.db.execute<{ id: number; contact_id: number; first_name: string; last_name: string; email: string | null; phone: string | null; last_channel: 'email' | 'sms'; processed: boolean; unread_count: number; last_message_at: string | Date; last_preview: string; last_media_kind: InboxMediaKind | null }>(
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
