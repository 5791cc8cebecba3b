import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { normalizeEmail } from '@/lib/contacts/normalize';
import { NAME_MAX } from '@/lib/contacts/limits';
import { lockMerchantContacts } from '@/lib/db/contacts-lock';
import { splitPersonName } from '@/lib/names/split-name';
import { deliveriesByMessageIdSql, lastQueuedAtSql } from '@/lib/sending/contact-history';
import { cutText, storableText } from './mail-clean';
import { MAX_REFERENCES } from './limits';

export interface ContactMatch {
  merchantId: number;
  contactId: number;
}

/**
 * The conversation an e-mail replies to, by the Message-IDs it references (ours or theirs): its
 * In-Reply-To first (the message it answers), else the last MAX_REFERENCES of its References (RFC
 * 5322 appends, so the direct parent is last). Within one merchant when the mail was sent to that
 * merchant's own inbox address: quoting another merchant's Message-ID must not carry it there.
 */
export async function contactByMessageIds(db: Db, ids: { inReplyTo: string[]; references: string[] }, merchantId?: number): Promise<ContactMatch | null> {
  for (const tier of [ids.inReplyTo, ids.references.slice(-MAX_REFERENCES)]) {
    const clean = [...new Set(tier.map((id) => id.trim()).filter(Boolean))].slice(-MAX_REFERENCES);
    if (!clean.length) continue;
    const list = sql.join(clean.map((id) => sql`${id}`), sql`, `);
    const [row] = await db.execute<{ merchant_id: number; contact_id: number }>(
      sql`select merchant_id, contact_id from (
            ${deliveriesByMessageIdSql(clean)}
            union all
            select m.merchant_id, c.contact_id, m.created_at from inbox_messages m join conversations c on c.id = m.conversation_id where m.external_id in (${list})
          ) x ${merchantId ? sql`where x.merchant_id = ${merchantId}` : sql``} order by at desc nulls last limit 1`,
    );
    if (row) return { merchantId: Number(row.merchant_id), contactId: Number(row.contact_id) };
  }
  return null;
}

/**
 * A sender's contact: within one merchant when known; otherwise the merchant that last wrote to
 * this address. Answers null when no merchant knows the sender.
 */
export async function contactByAddress(db: Db, channel: 'email' | 'sms', address: string, merchantId?: number): Promise<ContactMatch | null> {
  const column = channel === 'email' ? sql`k.email` : sql`k.phone`;
  // Stored contacts' addresses are normalised (lib/contacts/normalize.ts): compare the same form.
  const value = channel === 'email' ? normalizeEmail(address) : address;
  const [row] = await db.execute<{ merchant_id: number; id: number }>(
    sql`select k.merchant_id, k.id from contacts k
        where ${column} = ${value} ${merchantId ? sql`and k.merchant_id = ${merchantId}` : sql``}
        order by ${lastQueuedAtSql(sql`k.id`)} desc nulls last, k.updated_at desc limit 1`,
  );
  return row ? { merchantId: Number(row.merchant_id), contactId: Number(row.id) } : null;
}

/**
 * An unknown sender writing to a merchant becomes a lead contact (issue 8 item 1). The caller
 * checks the address against the contact rule; the name is bounded and split as a typed one. A
 * mail's display name is written by the sender's own client, given name first unless it is a
 * CJK name (which the splitter reads family first whatever the locale).
 */
export async function createLead(db: Db, merchantId: number, channel: 'email' | 'sms', address: string, name: string): Promise<number> {
  const { firstName, lastName } = splitPersonName(cutText(storableText(name).trim().replace(/\s+/g, ' '), NAME_MAX), 'en-US');
  // Waits for an import of the merchant's contacts: inserted beside it, it deadlocked (lib/db/contacts-lock.ts).
  const [row] = await db.transaction(async (tx) => {
    await lockMerchantContacts(tx, merchantId);
    return tx.execute<{ id: number }>(
      sql`insert into contacts (merchant_id, first_name, last_name, email, phone, type, opt_token)
          values (${merchantId}, ${firstName}, ${lastName}, ${channel === 'email' ? normalizeEmail(address) : null}, ${channel === 'sms' ? address : null}, 'leads', ${crypto.randomBytes(18).toString('base64url')})
          on conflict do nothing returning id`,
    );
  });
  if (row) return Number(row.id);
  const existing = await contactByAddress(db, channel, address, merchantId);
  if (!existing) throw new Error('lead could not be created');
  return existing.contactId;
}
