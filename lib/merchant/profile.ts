import { eq } from 'drizzle-orm';
import { merchants } from '@/db/schema/merchants';
import { AppError, notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import type { MerchantDetailsInput } from '@/lib/auth/schema';
import { formatPhone } from '@/lib/phone/format';
import { requireOwner } from '@/lib/team/require-owner';
import { merchantPhone } from './merchant-phone';
import type { UpdateProfileInput } from './schema';

export interface MerchantProfile {
  merchantId: number;
  name: string;
  address: string;
  phone: string | null;
  phoneDisplay: string;
  phoneVerified: boolean;
  serviceEmail: string | null;
  emailVerificationStatus: (typeof merchants.$inferSelect)['emailVerificationStatus'];
  lastVerificationTime: string | null;
}

type Ctx = Pick<ServiceContext, 'db' | 'merchantId' | 'now'>;

export async function getProfile(ctx: Ctx): Promise<MerchantProfile> {
  const [row] = await ctx.db.select().from(merchants).where(eq(merchants.id, ctx.merchantId)).limit(1);
  if (!row) throw notFound();
  return {
    merchantId: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    phoneDisplay: formatPhone(row.phone),
    phoneVerified: row.phoneVerified,
    serviceEmail: row.serviceEmail,
    emailVerificationStatus: row.emailVerificationStatus,
    lastVerificationTime: row.lastVerificationTime?.toISOString() ?? null,
  };
}

/** The merchant's name and address: the owner's to change (staff get 403). */
export async function updateProfile(ctx: Pick<ServiceContext, 'db' | 'merchantId' | 'userId' | 'now'>, input: UpdateProfileInput): Promise<MerchantProfile> {
  await requireOwner(ctx);
  await ctx.db.update(merchants).set({ name: input.merchantName, address: input.address, updatedAt: ctx.now() }).where(eq(merchants.id, ctx.merchantId));
  return getProfile(ctx);
}

/**
 * /api/merchant/register: the merchant part of registration for API clients that register in
 * two calls. A changed phone loses its verified flag; a changed service e-mail starts over.
 */
export async function completeMerchantDetails(ctx: Ctx & Pick<ServiceContext, 'locale'>, input: MerchantDetailsInput): Promise<MerchantProfile> {
  const current = await getProfile(ctx);
  const phone = input.phone ? await merchantPhone(ctx, input.phone, current.phone) : null;
  const serviceEmail = input.serviceEmail ?? null;
  await ctx.db
    .update(merchants)
    .set({
      name: input.merchantName,
      address: input.address,
      phone,
      ...(phone !== current.phone ? { phoneVerified: false } : {}),
      serviceEmail,
      ...(serviceEmail !== current.serviceEmail ? { emailVerificationStatus: 'NotStarted' as const, lastVerificationTime: null } : {}),
      updatedAt: ctx.now(),
    })
    .where(eq(merchants.id, ctx.merchantId));
  return getProfile(ctx);
}

export function requireServiceEmail(profile: MerchantProfile): string {
  if (!profile.serviceEmail) throw new AppError('BAD_REQUEST', 'accounts.errors.serviceEmailMissing', { fieldErrors: { serviceEmail: 'accounts.errors.serviceEmailMissing' } });
  return profile.serviceEmail;
}
