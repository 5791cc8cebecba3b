import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { campaigns } from '@/db/schema/campaigns';
import { notFound } from '@/lib/errors/app-error';

/** The campaign row, locked for this transaction (SELECT ... FOR UPDATE), or 404. */
export async function lockOwnCampaign(db: Db, merchantId: number, id: number) {
  const [row] = await db.select().from(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.merchantId, merchantId))).for('update').limit(1);
  if (!row) throw notFound('campaigns.errors.notFound');
  return row;
}
