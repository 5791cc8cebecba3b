import { and, eq } from 'drizzle-orm';
import { campaigns } from '@/db/schema/campaigns';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { lockOwnCampaign } from './own-campaign';
import { canDo, displayStatus } from './state-machine';

/** DELETE /api/campaign/{id}: only DRAFT, or PAUSED with send type SCHEDULE. */
export async function deleteCampaign(ctx: ServiceContext, id: number): Promise<{ campaignId: number }> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockOwnCampaign(tx, ctx.merchantId, id);
    if (!canDo(current, 'delete')) throw new AppError('BAD_REQUEST', 'campaigns.errors.notDeletable', { values: { status: String(displayStatus(current)) } });
    await tx.delete(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.merchantId, ctx.merchantId)));
    return { campaignId: id };
  });
}
