import { and, eq } from 'drizzle-orm';
import { merchants } from '@/db/schema/merchants';
import { users } from '@/db/schema/users';
import { notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { getSubscription } from '@/lib/subscription/get-subscription';
import type { SubscriptionStatus } from '@/lib/subscription/plans';

export interface UpgradeDetails {
  merchantId: number;
  merchantName: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string | null;
  /** The merchant's service e-mail (sent to the operator with a request). */
  serviceEmail: string | null;
  /** Only the owner may send a request; staff see the plans and why they cannot. */
  canRequest: boolean;
  subscription: SubscriptionStatus;
}

/** What the upgrade page shows and a request sends the operator: the plan and the merchant's details. */
export async function upgradeDetails(ctx: ServiceContext): Promise<UpgradeDetails> {
  const [row] = await ctx.db
    .select({ merchantName: merchants.name, phone: merchants.phone, serviceEmail: merchants.serviceEmail, userName: users.name, email: users.email, role: users.role })
    .from(merchants)
    .innerJoin(users, and(eq(users.merchantId, merchants.id), eq(users.id, ctx.userId)))
    .where(eq(merchants.id, ctx.merchantId))
    .limit(1);
  if (!row) throw notFound();
  return {
    merchantId: ctx.merchantId,
    merchantName: row.merchantName,
    contactName: row.userName,
    contactEmail: row.email,
    contactPhone: row.phone,
    serviceEmail: row.serviceEmail,
    canRequest: row.role === 'owner',
    subscription: await getSubscription(ctx),
  };
}
