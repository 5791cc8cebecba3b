import { eq } from 'drizzle-orm';
import { merchants } from '@/db/schema/merchants';
import { notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { subscriptionStatusOf, type SubscriptionStatus } from './plans';

/** The merchant's plan and trial as of now. */
export async function getSubscription(ctx: Pick<ServiceContext, 'db' | 'merchantId' | 'now'>): Promise<SubscriptionStatus> {
  const [row] = await ctx.db
    .select({ status: merchants.subscriptionStatus, trialEndTime: merchants.trialEndTime })
    .from(merchants)
    .where(eq(merchants.id, ctx.merchantId))
    .limit(1);
  if (!row) throw notFound();
  return subscriptionStatusOf(row.status, row.trialEndTime, ctx.now());
}
