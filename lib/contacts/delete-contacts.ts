import { and, eq, inArray } from 'drizzle-orm';
import { contacts } from '@/db/schema/contacts';
import type { ServiceContext } from '@/lib/context';
import { loadOwnContact } from './get-contact';
import { forgetEstimates } from './estimate-cache';
import { lockMerchantContacts } from '@/lib/db/contacts-lock';

/** Deletes one contact (its consent history goes with it); another merchant's id is not found. */
export async function deleteContact(ctx: ServiceContext, id: number): Promise<{ deleted: number }> {
  await loadOwnContact(ctx, id);
  await ctx.db.transaction(async (tx) => {
    // As every contact writer beside an import (lib/db/contacts-lock.ts): its rows, then the rollups'.
    await lockMerchantContacts(tx, ctx.merchantId);
    await tx.delete(contacts).where(and(eq(contacts.id, id), eq(contacts.merchantId, ctx.merchantId)));
  });
  forgetEstimates(ctx.merchantId);
  return { deleted: 1 };
}

/** Batch delete: ids of other merchants are ignored (never revealed); answers how many went. */
export async function deleteContacts(ctx: ServiceContext, ids: number[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  const rows = await ctx.db.transaction(async (tx) => {
    await lockMerchantContacts(tx, ctx.merchantId);
    return tx
      .delete(contacts)
      .where(and(eq(contacts.merchantId, ctx.merchantId), inArray(contacts.id, unique)))
      .returning({ id: contacts.id });
  });
  forgetEstimates(ctx.merchantId);
  return { deleted: rows.length };
}
