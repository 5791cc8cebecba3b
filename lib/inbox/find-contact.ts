import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { deliveriesByMessageIdSql, lastQueuedAtSql } from '@/lib/sending/contact-history';

export interface ContactMatch {
  merchantId: number;
  contactId: number;
}

/** The conversation an e-mail replies to: by the Message-IDs it references (ours or theirs). */
export async function contactByMessageIds(db: Db, ids: string[]): Promise<ContactMatch | null> {
  const clean = ids.map((id) => id.trim()).filter(Boolean).slice(0, 50);
  if (!clean.length) return null;
  const list = sql.join(clean.map((id) => sql`${id}`), sql`, `);
  const [row] = await db.execute<{ merchant_id: number; contact_id: number }>(
    sql`select merchant_id, contact_id from (
          ${deliveriesByMessageIdSql(clean)}
          union all
          select m.merchant_id, c.contact_id, m.created_at from inbox_messages m join conversations c on c.id = m.conversation_id where m.external_id in (${list})
        ) x order by at desc nulls last limit 1`,
  );
  return row ? { merchantId: Number(row.merchant_id), contactId: Number(row.contact_id) } : null;
}

/**
 * A sender's contact: within one merchant when known; otherwise the merchant that last wrote to
 * this address. Answers null when no merchant knows the sender.
 */
export async function contactByAddress(db: Db, channel: 'email' | 'sms', address: string, merchantId?: number): Promise<ContactMatch | null> {
  const column = channel === 'email' ? sql`k.email` : sql`k.phone`;
  const value = channel === 'email' ? address.toLowerCase() : address;
  const [row] = await db.execute<{ merchant_id: number; id: number }>(
    sql`select k.merchant_id, k.id from contacts k
        where ${column} = ${value} ${merchantId ? sql`and k.merchant_id = ${merchantId}` : sql``}
        order by ${lastQueuedAtSql(sql`k.id`)} desc nulls last, k.updated_at desc limit 1`,
  );
  return row ? { merchantId: Number(row.merchant_id), contactId: Number(row.id) } : null;
}

/** An unknown sender writing to a merchant becomes a lead contact (issue 8 item 1). */
export async function createLead(db: Db, merchantId: number, channel: 'email' | 'sms', address: string, name: string): Promise<number> {
  const [first, ...rest] = name.trim().split(/\s+/);
  const [row] = await db.execute<{ id: number }>(
    sql`insert into contacts (merchant_id, first_name, last_name, email, phone, type, opt_token)
        values (${merchantId}, ${first ?? ''}, ${rest.join(' ')}, ${channel === 'email' ? address.toLowerCase() : null}, ${channel === 'sms' ? address : null}, 'leads', ${crypto.randomBytes(18).toString('base64url')})
        on conflict do nothing returning id`,
  );
  if (row) return Number(row.id);
  const existing = await contactByAddress(db, channel, address, merchantId);
  if (!existing) throw new Error('lead could not be created');
  return existing.contactId;
}
