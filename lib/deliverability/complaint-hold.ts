import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { complaintRateConfirmations } from '@/db/schema/deliverability';
import type { ServiceContext } from '@/lib/context';
import { AppError } from '@/lib/errors/app-error';
import { userRole } from '@/lib/auth/user-role';
import { sendingRates } from './sending-rates';

/**
 * While the merchant's complaint rate of the last 7 days is over the line, a new e-mail campaign
 * goes out only once the owner has confirmed it (each campaign once): staff are refused and told
 * the owner must confirm; the owner without `confirm` is asked to (409, details.confirm =
 * 'complaintRate'); the owner with it is recorded and passes.
 */
export async function requireComplaintRateConfirmation(ctx: Pick<ServiceContext, 'db' | 'merchantId' | 'userId' | 'now'>, campaignId: number, confirm: boolean): Promise<void> {
  const { week } = await sendingRates(ctx.db, ctx.merchantId, ctx.now());
  if (!week.overComplaintLine || (await isConfirmed(ctx.db, ctx.merchantId, campaignId))) return;
  const values = { rate: ((week.complaintBasisPoints ?? 10_000) / 100).toFixed(2) };
  if ((await userRole(ctx)) !== 'owner') throw new AppError('CONFLICT', 'deliverability.errors.complaintRateOwner', { values, details: { confirm: 'complaintRate', owner: true } });
  if (!confirm) throw new AppError('CONFLICT', 'deliverability.errors.complaintRateConfirm', { values, details: { confirm: 'complaintRate' } });
  await ctx.db
    .insert(complaintRateConfirmations)
    .values({ merchantId: ctx.merchantId, campaignId, userId: ctx.userId, rateBasisPoints: week.complaintBasisPoints ?? 10_000, confirmedAt: ctx.now() })
    .onConflictDoNothing();
}

/** For a scheduled campaign coming due: held (true) when over the line and not confirmed by the owner. */
export async function heldForComplaints(db: Db, merchantId: number, campaignId: number, now: Date): Promise<boolean> {
  const { week } = await sendingRates(db, merchantId, now);
  return week.overComplaintLine && !(await isConfirmed(db, merchantId, campaignId));
}

async function isConfirmed(db: Db, merchantId: number, campaignId: number): Promise<boolean> {
  const [row] = await db
    .select({ campaignId: complaintRateConfirmations.campaignId })
    .from(complaintRateConfirmations)
    .where(and(eq(complaintRateConfirmations.merchantId, merchantId), eq(complaintRateConfirmations.campaignId, campaignId)))
    .limit(1);
  return Boolean(row);
}
