import { eq } from 'drizzle-orm';
import { merchants } from '@/db/schema/merchants';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { TRIAL_STATUS } from './plans';

export { TRIAL_STATUS };

/**
 * Spec section 3: currentStatus TRIAL_ACTIVE means trialing. A trial whose end has passed stays
 * restricted (it shows as expired), so letting a trial lapse never unlocks editing.
 */
export async function isTrialing(ctx: Pick<ServiceContext, 'db' | 'merchantId'>): Promise<boolean> {
  const [row] = await ctx.db.select({ status: merchants.subscriptionStatus }).from(merchants).where(eq(merchants.id, ctx.merchantId)).limit(1);
  return row?.status === TRIAL_STATUS;
}

/**
 * Spec section 6: trial accounts cannot create, edit or delete templates, nor customise
 * campaigns. Services call this; the UI's warning is a courtesy, this is the rule.
 */
export async function assertCanCustomise(ctx: Pick<ServiceContext, 'db' | 'merchantId'>): Promise<void> {
  if (await isTrialing(ctx)) throw new AppError('FORBIDDEN', 'subscription.errors.trialNoEdit', { details: { upgrade: true } });
}
