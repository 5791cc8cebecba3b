import { and, eq, sql } from 'drizzle-orm';
import { CampaignStatus, campaigns, memberSnapshots } from '@/db/schema/campaigns';
import { AppError, notFound } from '@/lib/errors/app-error';
import { staleEdit } from '@/lib/errors/stale-edit';
import type { ServiceContext } from '@/lib/context';
import { lockOwnCampaign } from './own-campaign';
import { resolveSettings } from './settings';
import { canDo, displayStatus } from './state-machine';
import type { CampaignInput, CampaignUpdate } from './schema';

/** What a save answers: the draft's id and its version (a form saving again sends it back). */
export interface SavedCampaign {
  campaignId: number;
  id: number;
  version: number;
}

/** POST /api/campaign: a new campaign is always a draft (spec section 4, saving). */
export async function createCampaign(ctx: ServiceContext, input: CampaignInput): Promise<SavedCampaign> {
  const values = await resolveSettings(ctx, ctx.db, input);
  const snapshotId = await ownSnapshotId(ctx, input.snapshotId);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(campaigns)
    .values({ ...values, snapshotId, merchantId: ctx.merchantId, status: CampaignStatus.DRAFT, createdBy: ctx.userId, createdAt: now, updatedAt: now })
    .returning({ id: campaigns.id, version: campaigns.version });
  return { campaignId: row.id, id: row.id, version: row.version };
}

/**
 * PUT /api/campaign: only a draft can be edited (spec section 4: edit is DRAFT only). With
 * `version`, a campaign changed since the client read it (an edit, a send) refuses the update.
 */
export async function updateCampaign(ctx: ServiceContext, input: CampaignUpdate): Promise<SavedCampaign> {
  const values = await resolveSettings(ctx, ctx.db, input);
  const snapshotId = await ownSnapshotId(ctx, input.snapshotId);
  return ctx.db.transaction(async (tx) => {
    const current = await lockOwnCampaign(tx, ctx.merchantId, input.campaignId);
    if (input.version !== undefined && input.version !== current.version) throw staleEdit();
    if (!canDo(current, 'edit')) throw new AppError('BAD_REQUEST', 'campaigns.errors.notEditable', { values: { status: String(displayStatus(current)) } });
    await tx
      .update(campaigns)
      .set({ ...values, snapshotId: snapshotId ?? current.snapshotId, version: sql`${campaigns.version} + 1`, updatedAt: ctx.now() })
      .where(and(eq(campaigns.id, current.id), eq(campaigns.merchantId, ctx.merchantId), eq(campaigns.status, CampaignStatus.DRAFT)));
    return { campaignId: current.id, id: current.id, version: current.version + 1 };
  });
}

async function ownSnapshotId(ctx: ServiceContext, snapshotId: number | undefined): Promise<number | null> {
  if (!snapshotId) return null;
  const [row] = await ctx.db.select({ id: memberSnapshots.id }).from(memberSnapshots).where(and(eq(memberSnapshots.id, snapshotId), eq(memberSnapshots.merchantId, ctx.merchantId))).limit(1);
  if (!row) throw notFound('campaigns.errors.snapshotNotFound');
  return row.id;
}
