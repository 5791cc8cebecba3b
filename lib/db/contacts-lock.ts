import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';

/** The advisory lock space of a merchant's contact creation (two-key locks: the second key is the merchant id). */
const CONTACTS_LOCK_SPACE = 740_212;

/**
 * Serialises what creates a merchant's contacts (an import, an add, an inbound lead, a campaign's
 * single recipient) for the rest of the transaction; the edits, deletions and consent changes that
 * could meet an import on the same contact take it too, before any contact row. Without it a contact created while an
 * import ran was missing from the import's lookups: its insert then failed on the unique e-mail
 * or deadlocked on the dashboard's rollup rows, and the whole import was lost. Taken before the
 * transaction locks any contact or rollup row (the import and an add take it first), so no two of
 * them wait on each other crosswise. Outside a transaction it would end with its statement.
 */
export async function lockMerchantContacts(tx: Db, merchantId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CONTACTS_LOCK_SPACE}::int, ${merchantId}::int)`);
}
