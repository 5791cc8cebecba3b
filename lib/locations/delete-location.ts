import { and, desc, eq } from 'drizzle-orm';
import { campaigns } from '@/db/schema/campaigns';
import { locations } from '@/db/schema/locations';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { foreignKeyViolation } from '@/lib/db/foreign-key';
import { locationNotFound } from './get-location';
import { requireOwner } from '@/lib/team/require-owner';

const NAMED_CAMPAIGNS = 5;

/**
 * Deletes a location. Campaigns hold it with a foreign key (ON DELETE RESTRICT), so the database
 * is the authority even against a campaign created a moment ago; the refusal names them. The
 * owner's alone, as disabling is.
 */
export async function deleteLocation(ctx: ServiceContext, locationId: number): Promise<{ locationId: number }> {
  await requireOwner(ctx);
  let deleted: { id: number }[];
  try {
    deleted = await ctx.db
      .delete(locations)
      .where(and(eq(locations.id, locationId), eq(locations.merchantId, ctx.merchantId)))
      .returning({ id: locations.id });
  } catch (error) {
    if (!foreignKeyViolation(error)) throw error;
    throw await inUseError(ctx, locationId);
  }
  if (!deleted.length) throw locationNotFound();
  return { locationId };
}

async function inUseError(ctx: ServiceContext, locationId: number): Promise<AppError> {
  const rows = await ctx.db
    .select({ campaignId: campaigns.id, campaignName: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.locationId, locationId), eq(campaigns.merchantId, ctx.merchantId)))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  if (!rows.length) return new AppError('CONFLICT', 'locations.errors.inUse');
  const [open, close, separator] = ctx.locale === 'zh-HK' ? ['「', '」', '、'] : ctx.locale === 'zh-CN' ? ['“', '”', '、'] : ['“', '”', ', '];
  const names = rows.slice(0, NAMED_CAMPAIGNS).map((r) => `${open}${r.campaignName}${close}`);
  return new AppError('CONFLICT', 'locations.errors.inUseByCampaigns', {
    values: { names: names.join(separator), count: rows.length, more: Math.max(0, rows.length - NAMED_CAMPAIGNS) },
    details: { campaigns: rows },
  });
}
