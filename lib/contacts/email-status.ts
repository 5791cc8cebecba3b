import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { normalizeEmail } from './normalize';

type Executor = Pick<Db, 'execute'>;

/**
 * The one writer of a contact's e-mail status (the eligibility rule reads it: a bounced or
 * complained address is skipped). Set by sending, never by a form: a server refusing the address
 * (lib/sending/dispatcher.ts), a bounce or complaint report posted to the inbound webhook
 * (lib/inbox/delivery-reports.ts). `bounced` only replaces `ok`; `complained` replaces either.
 * The merchant's contacts holding that address, or the one contact named. Answers how many changed.
 */
export async function markEmailStatus(db: Executor, target: { merchantId: number; email: string } | { merchantId: number; contactId: number }, status: 'bounced' | 'complained'): Promise<number> {
  const which = 'contactId' in target ? sql`id = ${target.contactId}` : sql`email = ${normalizeEmail(target.email)}`;
  const from = status === 'bounced' ? sql`email_status = 'ok'` : sql`email_status <> 'complained'`;
  const rows = await db.execute<{ id: number }>(
    sql`update contacts set email_status = ${status}, updated_at = now() where merchant_id = ${target.merchantId} and ${which} and email is not null and ${from} returning id`,
  );
  return rows.length;
}

/**
 * A changed address starts again as `ok` (the old one's bounce says nothing of the new one): the
 * SQL for an update's SET, given the address being written.
 */
export function emailStatusAfterEdit(email: string | null) {
  return sql`case when email is distinct from ${email} then 'ok' else email_status end`;
}
