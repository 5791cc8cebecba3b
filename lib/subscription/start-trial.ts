import { and, eq, isNull } from 'drizzle-orm';
import { merchants } from '@/db/schema/merchants';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { getSubscription } from './get-subscription';
import { NO_PLAN_STATUS, TRIAL_DAYS, TRIAL_STATUS, type SubscriptionStatus } from './plans';
import { requireOwner } from '@/lib/team/require-owner';

/** Starts the one free trial of a merchant without a plan: 14 days from now. */
export async function startTrial(ctx: Pick<ServiceContext, 'db' | 'merchantId' | 'userId' | 'now'>): Promise<SubscriptionStatus> {
  // The plan is the owner's decision, as an upgrade request is (lib/billing/request-upgrade.ts).
  await requireOwner(ctx);
  const now = ctx.now();
  const trialEndTime = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  // The condition in the UPDATE makes a double click (or two tabs) start one trial, not two.
  const updated = await ctx.db
    .update(merchants)
    .set({ subscriptionStatus: TRIAL_STATUS, trialEndTime, updatedAt: now })
    .where(and(eq(merchants.id, ctx.merchantId), eq(merchants.subscriptionStatus, NO_PLAN_STATUS), isNull(merchants.trialEndTime)))
    .returning({ id: merchants.id });
  if (!updated.length) throw new AppError('CONFLICT', 'subscription.errors.trialUnavailable');
  return getSubscription(ctx);
}
