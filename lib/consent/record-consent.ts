import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { consentEvents, contacts, type ConsentAction, type ConsentChannel, type ConsentSource } from '@/db/schema/contacts';
import { lockMerchantContacts } from '@/lib/db/contacts-lock';

export interface ConsentChange {
  merchantId: number;
  contactId: number;
  channel: ConsentChannel;
  action: ConsentAction;
  source: ConsentSource;
  userId?: number | null;
  ip?: string | null;
  at: Date;
}

type Tx = Pick<Db, 'insert' | 'update' | 'execute'>;

/**
 * The one writer of consent: a history row and the contact's current state, in the caller's
 * transaction (pass a transaction, or use `recordConsent`). The state already held writes
 * nothing: a mail client retrying its one-click, a second STOP or a re-imported "yes" is no new
 * consent, and counted as one it inflated the dashboard's opt-outs (found from outside); the
 * first change keeps its time and source. Answers whether the channel's state changed
 * (./inbound-sms.ts then texts a confirmation); false when the contact is gone.
 */
export async function writeConsent(tx: Tx, change: ConsentChange): Promise<{ changed: boolean }> {
  const optIn = change.action === 'optin';
  // The contact first: its row lock keeps it from being deleted before the history row is in, and
  // a contact that is gone (or another merchant's) gets no history (the table has no foreign keys).
  const [column, atColumn] = change.channel === 'email' ? [sql`email_opt_in`, sql`email_opt_in_at`] : [sql`sms_opt_in`, sql`sms_opt_in_at`];
  const [held] = await tx.execute<{ opt_in: boolean | null; last_ms: number | null }>(
    sql`select ${column} as opt_in, (extract(epoch from ${atColumn}) * 1000)::float8 as last_ms
        from contacts where id = ${change.contactId} and merchant_id = ${change.merchantId} for update`,
  );
  if (!held || held.opt_in === optIn) return { changed: false };
  // Timed after the lock: a request whose clock was read earlier but got the lock later must not
  // be older than the change before it, or the newest history row would contradict the state.
  const at = new Date(Math.max(change.at.getTime(), Math.ceil(Number(held.last_ms ?? 0))));
  const state =
    change.channel === 'email' ? { emailOptIn: optIn, emailOptInAt: at, emailOptInSource: change.source } : { smsOptIn: optIn, smsOptInAt: at, smsOptInSource: change.source };
  const updated = await tx
    .update(contacts)
    .set({ ...state, updatedAt: sql`now()` })
    .where(and(eq(contacts.id, change.contactId), eq(contacts.merchantId, change.merchantId)))
    .returning({ id: contacts.id });
  if (!updated.length) return { changed: false };
  await tx.insert(consentEvents).values({
    merchantId: change.merchantId,
    contactId: change.contactId,
    channel: change.channel,
    action: change.action,
    source: change.source,
    userId: change.userId ?? null,
    ip: change.ip ?? null,
    createdAt: at,
  });
  return { changed: true };
}

/** One consent change in its own transaction. */
export async function recordConsent(db: Db, change: ConsentChange): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    await lockMerchantContacts(tx, change.merchantId);
    return writeConsent(tx, change);
  });
}
