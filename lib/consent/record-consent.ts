import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { consentEvents, contacts, type ConsentAction, type ConsentChannel, type ConsentSource } from '@/db/schema/contacts';

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
 * transaction (pass a transaction, or use `recordConsent`). A change to the state already held
 * still writes history: the contact confirmed it again, which is evidence worth keeping.
 */
export async function writeConsent(tx: Tx, change: ConsentChange): Promise<void> {
  const optIn = change.action === 'optin';
  const state =
    change.channel === 'email'
      ? { emailOptIn: optIn, emailOptInAt: change.at, emailOptInSource: change.source }
      : { smsOptIn: optIn, smsOptInAt: change.at, smsOptInSource: change.source };
  // The contact first: its row lock keeps it from being deleted before the history row is in, and
  // a contact that is gone (or another merchant's) gets no history (the table has no foreign keys).
  const updated = await tx
    .update(contacts)
    .set({ ...state, updatedAt: sql`now()` })
    .where(and(eq(contacts.id, change.contactId), eq(contacts.merchantId, change.merchantId)))
    .returning({ id: contacts.id });
  if (!updated.length) return;
  await tx.insert(consentEvents).values({
    merchantId: change.merchantId,
    contactId: change.contactId,
    channel: change.channel,
    action: change.action,
    source: change.source,
    userId: change.userId ?? null,
    ip: change.ip ?? null,
    createdAt: change.at,
  });
}

/** One consent change in its own transaction. */
export async function recordConsent(db: Db, change: ConsentChange): Promise<void> {
  await db.transaction(async (tx) => writeConsent(tx, change));
}
