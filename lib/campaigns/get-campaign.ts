import { and, eq } from 'drizzle-orm';
import { campaigns } from '@/db/schema/campaigns';
import { notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { selectRecords, toRecord, type CampaignRecord } from './record';

/** One campaign of the merchant; another merchant's id answers 404 like a missing one. */
export async function getCampaign(ctx: ServiceContext, id: number): Promise<CampaignRecord> {
  const [row] = await selectRecords(ctx.db).where(and(eq(campaigns.id, id), eq(campaigns.merchantId, ctx.merchantId))).limit(1);
  if (!row) throw notFound('campaigns.errors.notFound');
  return toRecord(row);
}
